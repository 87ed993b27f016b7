import { ShopError } from "../../../domain/errors";
import { notifyPagesChanged, pageForEditing, pageVersion, publishPage, type PageWords } from "../../modules/content";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

export interface PublishOutcome {
  routeName: string;
  path: string;
  version: number;
}

/**
 * Publishes a page's new words and blocks (docs/decisions/0041-console-content.md): one transaction writes the page,
 * its version and the audit entry (before and after); then every process empties its page cache, so the shop serves
 * the new words on the next request.
 */
export async function publishPageAction(shop: Shop, actor: ConsoleActor, routeName: string, baseVersion: number, words: PageWords, restoredFrom?: number): Promise<PublishOutcome> {
  const outcome = await consoleAction(shop, actor, "content.publish", async (tx, now) => {
    const change = await publishPage(tx, { routeName, baseVersion, words, staff: { id: actor.staffId, email: actor.email }, restoredFrom, now });
    return {
      result: { routeName, path: change.path, version: change.after.version },
      audit: { targetType: "page", targetId: routeName, before: change.before, after: restoredFrom === undefined ? change.after : { ...change.after, restoredFrom } },
    };
  });
  // After the commit: a NOTIFY inside the transaction would also wait for it, but the audit path owns the transaction.
  await notifyPagesChanged(shop, `page published: ${routeName} v${outcome.version}`);
  return outcome;
}

/** Publishes an earlier version's words again, as a new version (history is never rewritten). */
export async function restorePageVersionAction(shop: Shop, actor: ConsoleActor, routeName: string, version: number, baseVersion: number): Promise<PublishOutcome> {
  const page = await pageForEditing(dbOf(shop), routeName);
  if (!page) throw new ShopError("NOT_FOUND", "There is no such page.");
  const old = await pageVersion(dbOf(shop), page.id, version);
  if (!old) throw new ShopError("NOT_FOUND", `This page has no version ${version}.`);
  const { version: _old, ...words } = old;
  return publishPageAction(shop, actor, routeName, baseVersion, words, version);
}
