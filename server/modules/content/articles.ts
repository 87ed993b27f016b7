import { asc, desc, eq } from "drizzle-orm";
import type { Article } from "../../../domain/content";
import { articlePath } from "../../../domain/content";
import type { MediaHash, MediaImage } from "../../../domain/media";
import { contentArticles } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { findImages } from "../media/find-images";
import { cleanStoredBlocks } from "./sanitise";

type Row = typeof contentArticles.$inferSelect;

function toArticle(row: Row, covers: ReadonlyMap<MediaHash, MediaImage>): Article {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    author: row.author,
    authorRole: row.authorRole,
    publishedOn: row.publishedOn,
    category: row.category,
    relatedProducts: row.relatedProducts,
    blocks: cleanStoredBlocks(row.blocks),
    readingMinutes: row.readingMinutes,
    path: articlePath(row.slug),
    cover: row.coverHash ? (covers.get(row.coverHash as MediaHash) ?? null) : null,
  };
}

/** The covers of these rows, in one query. */
function coversOf(shop: Shop, rows: Row[]) {
  return findImages(dbOf(shop), rows.flatMap((r) => (r.coverHash ? [r.coverHash] : [])));
}

export async function findArticle(shop: Shop, slug: string): Promise<Article | null> {
  const [row] = await dbOf(shop).select().from(contentArticles).where(eq(contentArticles.slug, slug)).limit(1);
  return row ? toArticle(row, await coversOf(shop, [row])) : null;
}

/** The journal index: newest first, without the article bodies. */
export async function listArticles(shop: Shop): Promise<Omit<Article, "blocks">[]> {
  const rows = await dbOf(shop).select().from(contentArticles).orderBy(desc(contentArticles.publishedOn), asc(contentArticles.slug));
  const covers = await coversOf(shop, rows);
  return rows.map((row) => {
    const { blocks: _blocks, ...rest } = toArticle({ ...row, blocks: [] }, covers);
    return rest;
  });
}
