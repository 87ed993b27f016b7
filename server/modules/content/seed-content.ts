import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { readingMinutes } from "../../../domain/blocks";
import type { ArticleSeed, ContentPageSeed } from "../../../domain/content";
import { ROUTES, type RouteName } from "../../../domain/routes";
import { contentArticles, contentPages, contentSeedState } from "../../db/schema";
import type { Tx } from "../../db/client";
import { dbOf, type Shop } from "../../shop";
import { notifyPagesChanged } from "./invalidation";
import { cleanBlocks, cleanStoredBlocks } from "./sanitise";

/** jsonb keeps keys in its own order, so rows are hashed with keys sorted (and undefined fields dropped). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined).map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}
const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(canonical(value))).digest("base64url");

export interface SeedResult {
  inserted: number;
  updated: number;
}

/** The part of a page row the content file decides (what an operator might edit too). */
const pageWords = (p: { title: string; intro: string; description: string; layout: string; blocks: unknown }) =>
  ({ title: p.title, intro: p.intro, description: p.description, layout: p.layout, blocks: p.blocks });
const articleWords = (a: Omit<typeof contentArticles.$inferSelect, "id" | "updatedAt" | "slug" | "coverHash">) =>
  ({ title: a.title, description: a.description, author: a.author, authorRole: a.authorRole, publishedOn: a.publishedOn, category: a.category, relatedProducts: a.relatedProducts, blocks: a.blocks });

/**
 * Loads content/ into the database. A missing row is inserted; a row whose file entry changed since the last start is
 * replaced, unless an operator edited it since the seed wrote it (then the edit wins and the file change is logged).
 * `covers` names the seed photographs by name ("article-<slug>" -> media hash, server/modules/media/seed-media.ts).
 */
export async function seedContent(
  shop: Shop,
  pages: ContentPageSeed[],
  articles: ArticleSeed[],
  covers: ReadonlyMap<string, string> = new Map(),
): Promise<SeedResult & { skippedEdited: string[] }> {
  const result = { inserted: 0, updated: 0, skippedEdited: [] as string[] };
  await dbOf(shop).transaction(async (tx) => {
    for (const page of pages) {
      const words = pageWords({ ...page, blocks: cleanBlocks(page.blocks) });
      const [row] = await tx.select().from(contentPages).where(eq(contentPages.routeName, page.routeName)).limit(1);
      // A page published from the console (version above 1) belongs to its editors from then on, even when a restore
      // made its words equal the file's again: the file never overwrites a published edit.
      const published = row !== undefined && row.version > 1;
      const outcome = await reconcile(tx, `page:${page.routeName}`, hashOf(page), row ? hashOf(pageWords(row)) : null, hashOf(words), published);
      if (outcome === "insert") {
        await tx.insert(contentPages).values({ ...words, routeName: page.routeName, path: ROUTES[page.routeName as RouteName], updatedAt: shop.clock.now() });
      } else if (outcome === "update") {
        await tx.update(contentPages).set({ ...words, updatedAt: shop.clock.now() }).where(eq(contentPages.routeName, page.routeName));
      }
      count(result, outcome, `page:${page.routeName}`);
    }
    for (const article of articles) {
      const blocks = cleanBlocks(article.blocks);
      const words = articleWords({ ...article, blocks, readingMinutes: readingMinutes(blocks) });
      const [row] = await tx.select().from(contentArticles).where(eq(contentArticles.slug, article.slug)).limit(1);
      const outcome = await reconcile(tx, `article:${article.slug}`, hashOf(article), row ? hashOf(articleWords(row)) : null, hashOf(words));
      const values = { ...words, readingMinutes: readingMinutes(blocks), updatedAt: shop.clock.now() };
      const cover = covers.get(`article-${article.slug}`) ?? null;
      if (outcome === "insert") await tx.insert(contentArticles).values({ ...values, slug: article.slug, coverHash: cover });
      else if (outcome === "update") await tx.update(contentArticles).set(values).where(eq(contentArticles.slug, article.slug));
      count(result, outcome, `article:${article.slug}`);
      if (row && (await keepDerivedFieldsTrue(tx, row, cover))) result.updated++;
    }
  });
  if (result.inserted + result.updated > 0) await notifyPagesChanged(shop, "content seed");
  if (result.skippedEdited.length > 0) shop.log.warn({ entries: result.skippedEdited }, "content file changed for rows an operator edited; kept the edits");
  return result;
}

/**
 * Fields the seed may set on a row whatever its words' author: a cover where the article has none (a database seeded
 * before covers existed; a cover an operator chose is never replaced), and the reading time counted from the row's
 * own text (it was once counted with a rounding that said "4 min" of a 5-minute read).
 */
async function keepDerivedFieldsTrue(tx: Tx, row: typeof contentArticles.$inferSelect, cover: string | null): Promise<boolean> {
  const [now] = await tx.select({ blocks: contentArticles.blocks, readingMinutes: contentArticles.readingMinutes, coverHash: contentArticles.coverHash }).from(contentArticles).where(eq(contentArticles.id, row.id));
  if (!now) return false;
  const minutes = readingMinutes(cleanStoredBlocks(now.blocks));
  const coverHash = now.coverHash ?? cover;
  if (minutes === now.readingMinutes && coverHash === now.coverHash) return false;
  await tx.update(contentArticles).set({ readingMinutes: minutes, coverHash }).where(eq(contentArticles.id, row.id));
  return true;
}

type Outcome = "insert" | "update" | "same" | "edited";

function count(result: SeedResult & { skippedEdited: string[] }, outcome: Outcome, key: string) {
  if (outcome === "insert") result.inserted++;
  if (outcome === "update") result.updated++;
  if (outcome === "edited") result.skippedEdited.push(key);
}

async function reconcile(tx: Tx, key: string, fileHash: string, currentRowHash: string | null, newRowHash: string, published = false): Promise<Outcome> {
  const [state] = await tx.select().from(contentSeedState).where(eq(contentSeedState.key, key)).limit(1);
  const remember = () =>
    tx.insert(contentSeedState).values({ key, fileHash, rowHash: newRowHash }).onConflictDoUpdate({ target: contentSeedState.key, set: { fileHash, rowHash: newRowHash } });
  if (currentRowHash === null) {
    await remember();
    return "insert";
  }
  if (state?.fileHash === fileHash) return "same";
  if (published) return "edited";
  // No record yet (a database seeded before this table existed): the file is the only author we know of.
  const untouched = !state || state.rowHash === currentRowHash;
  if (!untouched) return "edited";
  await remember();
  return "update";
}
