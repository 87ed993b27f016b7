import { and, desc, eq } from "drizzle-orm";
import type { Block } from "../../../domain/blocks";
import { ShopError } from "../../../domain/errors";
import type { Queryable, Tx } from "../../db/client";
import { contentPages, contentPageVersions } from "../../db/schema";
import { pageChanges } from "../../../domain/content-diff";
import { cleanBlocks, cleanStoredBlocks } from "./sanitise";

/**
 * The console's side of content pages (docs/decisions/0041-console-content.md): listing, reading a page with its
 * versions, and publishing a new version under optimistic concurrency. The shop reads pages with findPage.
 */

export interface PageWords {
  title: string;
  intro: string;
  description: string;
  blocks: Block[];
}

export interface PageVersionSummary {
  version: number;
  title: string;
  staffEmail: string | null;
  restoredFrom: number | null;
  createdAt: Date;
}

export async function listPagesForConsole(db: Queryable) {
  return db
    .select({ routeName: contentPages.routeName, path: contentPages.path, title: contentPages.title, version: contentPages.version, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .orderBy(contentPages.path);
}

/** The page as published now, blocks cleaned as the shop reads them. */
export async function pageForEditing(db: Queryable, routeName: string) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.routeName, routeName)).limit(1);
  return row ? { ...row, blocks: cleanStoredBlocks(row.blocks) } : null;
}

/** Versions newest first. Before the first console publish there are none: the file's words are the only version. */
export async function versionsOfPage(db: Queryable, pageId: string, limit = 100): Promise<PageVersionSummary[]> {
  return db
    .select({ version: contentPageVersions.version, title: contentPageVersions.title, staffEmail: contentPageVersions.staffEmail, restoredFrom: contentPageVersions.restoredFrom, createdAt: contentPageVersions.createdAt })
    .from(contentPageVersions)
    .where(eq(contentPageVersions.pageId, pageId))
    .orderBy(desc(contentPageVersions.version))
    .limit(limit);
}

export async function pageVersion(db: Queryable, pageId: string, version: number): Promise<(PageWords & { version: number }) | null> {
  const [row] = await db
    .select()
    .from(contentPageVersions)
    .where(and(eq(contentPageVersions.pageId, pageId), eq(contentPageVersions.version, version)))
    .limit(1);
  return row ? { version: row.version, title: row.title, intro: row.intro, description: row.description, blocks: cleanStoredBlocks(row.blocks) } : null;
}

export interface PublishInput {
  routeName: string;
  /** The version the editor started from: the publish is refused if the page has moved on since. */
  baseVersion: number;
  words: PageWords;
  staff: { id: string | null; email: string };
  restoredFrom?: number;
  now: Date;
}

/**
 * Writes the next version of a page, in the caller's transaction: the page row is locked, its version compared with
 * the editor's, the blocks cleaned (schema and sanitiser) once more, the row replaced and the version kept. Answers
 * the versions before and after and what changed (domain/content-diff.ts), for the audit log.
 */
export async function publishPage(tx: Tx, input: PublishInput) {
  const [row] = await tx.select().from(contentPages).where(eq(contentPages.routeName, input.routeName)).for("update");
  if (!row) throw new ShopError("NOT_FOUND", "There is no such page.");
  if (row.version !== input.baseVersion) {
    const [latest] = await tx
      .select({ staffEmail: contentPageVersions.staffEmail, createdAt: contentPageVersions.createdAt })
      .from(contentPageVersions)
      .where(and(eq(contentPageVersions.pageId, row.id), eq(contentPageVersions.version, row.version)))
      .limit(1);
    const who = latest?.staffEmail ? ` by ${latest.staffEmail} at ${latest.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
    throw new ShopError(
      "CONTENT_VERSION_CONFLICT",
      `Version ${row.version} of this page was published${who} after you opened version ${input.baseVersion}. Nothing was published: open the page again and redo your change on the new version.`,
    );
  }
  // The content file's version enters the history when the console first replaces it, so it can be restored.
  const [anyVersion] = await tx.select({ id: contentPageVersions.id }).from(contentPageVersions).where(eq(contentPageVersions.pageId, row.id)).limit(1);
  if (!anyVersion) {
    await tx.insert(contentPageVersions).values({ pageId: row.id, version: row.version, title: row.title, intro: row.intro, description: row.description, blocks: row.blocks, createdAt: row.updatedAt });
  }
  const version = row.version + 1;
  const words = { title: input.words.title, intro: input.words.intro, description: input.words.description, blocks: cleanBlocks(input.words.blocks) };
  await tx.update(contentPages).set({ ...words, version, updatedAt: input.now }).where(eq(contentPages.id, row.id));
  await tx.insert(contentPageVersions).values({
    pageId: row.id,
    version,
    ...words,
    staffId: input.staff.id,
    staffEmail: input.staff.email,
    restoredFrom: input.restoredFrom ?? null,
    createdAt: input.now,
  });
  // The audit entry says what changed, field by field, not the whole page twice (issue 36).
  // Both sides parsed alike (defaults filled in), so a default the file left out is not a change.
  const changed = pageChanges({ ...row, blocks: cleanStoredBlocks(row.blocks) }, words);
  return { pageId: row.id, path: row.path, before: { version: row.version }, after: { version, changed } };
}
