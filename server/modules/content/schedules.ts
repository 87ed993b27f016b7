import { and, asc, desc, eq, lte } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { contentPages, contentPageSchedules } from "../../db/schema";
import type { PageWords } from "./editing";

/**
 * Content publishes set for a time on the shop's clock (issue 36, docs/decisions/0072-block-editor-and-scheduled-publish.md).
 * At most one pending schedule per page (a partial unique index): a new one replaces it. A schedule leaves
 * "pending" only by a conditional update, so two workers that see it due at once cannot both publish it.
 */

export type ScheduleRow = typeof contentPageSchedules.$inferSelect;

export interface ScheduleView {
  id: string;
  baseVersion: number;
  publishAt: string;
  status: string;
  publishedVersion: number | null;
  outcome: string | null;
  staffEmail: string;
  createdAt: string;
  settledAt: string | null;
}

export const scheduleView = (row: ScheduleRow): ScheduleView => ({
  id: row.id,
  baseVersion: row.baseVersion,
  publishAt: row.publishAt.toISOString(),
  status: row.status,
  publishedVersion: row.publishedVersion,
  outcome: row.outcome,
  staffEmail: row.staffEmail,
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
});

/** The page's schedules, newest first: the pending one (if any) and the last few settled. */
export async function schedulesOfPage(db: Queryable, pageId: string, limit = 5): Promise<ScheduleRow[]> {
  return db.select().from(contentPageSchedules).where(eq(contentPageSchedules.pageId, pageId)).orderBy(desc(contentPageSchedules.createdAt)).limit(limit);
}

export interface NewSchedule {
  pageId: string;
  baseVersion: number;
  words: PageWords;
  publishAt: Date;
  staff: { id: string; email: string };
  now: Date;
}

/** Sets a page's schedule in the caller's transaction, cancelling the pending one it replaces (answered, for the audit). */
export async function replaceSchedule(tx: Tx, input: NewSchedule): Promise<{ schedule: ScheduleRow; replaced: ScheduleRow | null }> {
  const [replaced] = await tx
    .update(contentPageSchedules)
    .set({ status: "cancelled", outcome: "Replaced by a newer schedule.", settledAt: input.now })
    .where(and(eq(contentPageSchedules.pageId, input.pageId), eq(contentPageSchedules.status, "pending")))
    .returning();
  const [schedule] = await tx
    .insert(contentPageSchedules)
    .values({
      pageId: input.pageId,
      baseVersion: input.baseVersion,
      title: input.words.title,
      intro: input.words.intro,
      description: input.words.description,
      blocks: input.words.blocks,
      publishAt: input.publishAt,
      staffId: input.staff.id,
      staffEmail: input.staff.email,
      createdAt: input.now,
    })
    .returning();
  return { schedule: schedule!, replaced: replaced ?? null };
}

/** Cancels the page's pending schedule `id`; null when there is none (already published, refused or cancelled). */
export async function cancelSchedule(tx: Tx, pageId: string, id: string, now: Date): Promise<ScheduleRow | null> {
  const [row] = await tx
    .update(contentPageSchedules)
    .set({ status: "cancelled", outcome: "Cancelled before its time.", settledAt: now })
    .where(and(eq(contentPageSchedules.id, id), eq(contentPageSchedules.pageId, pageId), eq(contentPageSchedules.status, "pending")))
    .returning();
  return row ?? null;
}

/** Pending schedules whose time has come, oldest first. */
export async function dueSchedules(db: Queryable, now: Date, limit = 20): Promise<{ id: string }[]> {
  return db
    .select({ id: contentPageSchedules.id })
    .from(contentPageSchedules)
    .where(and(eq(contentPageSchedules.status, "pending"), lte(contentPageSchedules.publishAt, now)))
    .orderBy(asc(contentPageSchedules.publishAt))
    .limit(limit);
}

/**
 * Takes a due schedule for publishing, in the caller's transaction: only one caller's conditional update finds it
 * pending (a second worker waits on the row lock, then finds it settled and gets null).
 */
export async function claimSchedule(tx: Tx, id: string, now: Date): Promise<ScheduleRow | null> {
  const [row] = await tx
    .update(contentPageSchedules)
    .set({ status: "published", settledAt: now })
    .where(and(eq(contentPageSchedules.id, id), eq(contentPageSchedules.status, "pending"), lte(contentPageSchedules.publishAt, now)))
    .returning();
  return row ?? null;
}

/** Records how a claimed schedule ended: the version it made, or why it was refused. */
export async function settleSchedule(tx: Tx, id: string, outcome: { version: number } | { refused: string }): Promise<void> {
  await tx
    .update(contentPageSchedules)
    .set("version" in outcome ? { publishedVersion: outcome.version, outcome: `Published as version ${outcome.version}.` } : { status: "refused", outcome: outcome.refused })
    .where(eq(contentPageSchedules.id, id));
}

/** The route name of a page by id (a schedule names its page by id). */
export async function routeNameOfPage(db: Queryable, pageId: string): Promise<string> {
  const [row] = await db.select({ routeName: contentPages.routeName }).from(contentPages).where(eq(contentPages.id, pageId)).limit(1);
  return row?.routeName ?? "";
}
