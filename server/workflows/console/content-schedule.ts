import { ZodError } from "zod";
import { pageChanges } from "../../../domain/content-diff";
import { errorCodeOf, ShopError } from "../../../domain/errors";
import { cancelSchedule, claimSchedule, cleanBlocks, dueSchedules, notifyPagesChanged, pageForEditing, publishPage, routeNameOfPage, replaceSchedule, scheduleView, settleSchedule, type PageWords, type ScheduleView } from "../../modules/content";
import { writeAudit } from "../../modules/staff";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/** The audit log names a member of staff; a schedule always has one, this stands in should its id be missing. */
const NO_STAFF = "00000000-0000-0000-0000-000000000000";

/** The latest a publish may be set for: far enough for a campaign, near enough to catch a mistyped year. */
const LONGEST_AHEAD_MS = 400 * 86_400_000;

/**
 * Sets a page's publish for a time on the shop's clock (docs/decisions/0072-block-editor-and-scheduled-publish.md):
 * the words are checked and cleaned now, as a publish would, and kept with the version they were edited from. A
 * pending schedule of the page is replaced. Audited as content.publish with what the publish will change.
 */
export async function schedulePublishAction(shop: Shop, actor: ConsoleActor, routeName: string, baseVersion: number, words: PageWords, publishAt: Date): Promise<ScheduleView> {
  return consoleAction(shop, actor, "content.publish", async (tx, now) => {
    if (Number.isNaN(publishAt.getTime()) || publishAt.getTime() <= now.getTime()) throw new ShopError("VALIDATION_ERROR", "Choose a time after now (the shop's clock, UTC) to schedule the publish, or publish now.");
    if (publishAt.getTime() - now.getTime() > LONGEST_AHEAD_MS) throw new ShopError("VALIDATION_ERROR", "A publish can be scheduled at most 400 days ahead.");
    const page = await pageForEditing(tx, routeName);
    if (!page) throw new ShopError("NOT_FOUND", "There is no such page.");
    if (page.version !== baseVersion) throw new ShopError("CONTENT_VERSION_CONFLICT", `Version ${page.version} of this page was published after you opened version ${baseVersion}. Nothing was scheduled: open the page again and redo your change on the new version.`);
    const clean = { ...words, blocks: cleanBlocks(words.blocks) };
    const { schedule, replaced } = await replaceSchedule(tx, { pageId: page.id, baseVersion, words: clean, publishAt, staff: { id: actor.staffId, email: actor.email }, now });
    const view = scheduleView(schedule);
    return {
      result: view,
      audit: {
        targetType: "page",
        targetId: routeName,
        before: replaced ? { scheduled: { id: replaced.id, publishAt: replaced.publishAt.toISOString() } } : null,
        after: { scheduled: { id: view.id, publishAt: view.publishAt, baseVersion }, changed: pageChanges(page, clean) },
      },
    };
  });
}

/** Cancels the page's pending schedule; one already published, refused or cancelled is "not found". */
export async function cancelScheduleAction(shop: Shop, actor: ConsoleActor, routeName: string, id: string): Promise<ScheduleView> {
  return consoleAction(shop, actor, "content.publish", async (tx, now) => {
    const page = await pageForEditing(tx, routeName);
    const row = page && /^[0-9a-f-]{36}$/i.test(id) ? await cancelSchedule(tx, page.id, id, now) : null;
    if (!row) throw new ShopError("NOT_FOUND", "This page has no pending schedule by that id: it was published, refused or cancelled already.");
    return { result: scheduleView(row), audit: { targetType: "page", targetId: routeName, before: { scheduled: { id, publishAt: row.publishAt.toISOString() } }, after: { cancelled: id } } };
  });
}

export interface DuePublishOutcome {
  published: number;
  refused: number;
}

/**
 * Publishes every schedule whose time has come on the shop's clock, each in its own transaction: claimed by a
 * conditional update (so two workers publish it once), then published as a normal new version under the same
 * optimistic check as a publish by hand. A page that moved on from the schedule's version refuses it, and the
 * schedule keeps the reason to show on the page. Audited in the name of whoever scheduled it.
 */
export async function publishDueSchedules(shop: Shop): Promise<DuePublishOutcome> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  const outcome: DuePublishOutcome = { published: 0, refused: 0 };
  for (const { id } of await dueSchedules(db, now)) {
    const done = await db.transaction(async (tx) => {
      const claimed = await claimSchedule(tx, id, now);
      if (!claimed) return null;
      const words = { title: claimed.title, intro: claimed.intro, description: claimed.description, blocks: claimed.blocks as PageWords["blocks"] };
      try {
        const routeName = await routeNameOfPage(tx, claimed.pageId);
        const change = await publishPage(tx, { routeName, baseVersion: claimed.baseVersion, words, staff: { id: claimed.staffId, email: claimed.staffEmail }, now });
        await settleSchedule(tx, id, { version: change.after.version });
        await writeAudit(tx, { staffId: claimed.staffId ?? NO_STAFF, email: claimed.staffEmail }, { action: "content.publish", targetType: "page", targetId: routeName, before: change.before, after: { ...change.after, scheduled: { id, publishAt: claimed.publishAt.toISOString() } } }, now);
        return { routeName, version: change.after.version };
      } catch (error) {
        // Refused: the page moved on, or its blocks no longer pass the schema. Anything else rolls back and is retried.
        const refused = errorCodeOf(error) === "CONTENT_VERSION_CONFLICT" || errorCodeOf(error) === "NOT_FOUND" ? (error as Error).message : error instanceof ZodError ? "The scheduled blocks no longer pass the block rules; nothing was published." : null;
        if (refused === null) throw error;
        await settleSchedule(tx, id, { refused: refused.replace("open the page again", "schedule it again") });
        return "refused" as const;
      }
    });
    if (done === "refused") outcome.refused += 1;
    else if (done) {
      outcome.published += 1;
      await notifyPagesChanged(shop, `page published on schedule: ${done.routeName} v${done.version}`);
    }
  }
  return outcome;
}
