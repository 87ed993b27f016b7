import { eq, sql } from "drizzle-orm";
import type { ContentPage, ContentPageSeed } from "../../../domain/content";
import { ROUTES, type RouteName } from "../../../domain/routes";
import { contentPages } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export async function findPage(shop: Shop, routeName: RouteName): Promise<ContentPage | null> {
  const [row] = await dbOf(shop).select().from(contentPages).where(eq(contentPages.routeName, routeName)).limit(1);
  if (!row) return null;
  return { ...row, routeName, layout: row.layout === "blank" ? "blank" : "default", blocks: row.blocks as ContentPage["blocks"] };
}

export async function countPages(shop: Shop): Promise<number> {
  const [row] = await dbOf(shop).select({ n: sql<number>`count(*)::int` }).from(contentPages);
  return row?.n ?? 0;
}

/** Inserts pages that are missing; existing pages are left as the operator edited them. */
export async function insertMissingPages(shop: Shop, pages: ContentPageSeed[]): Promise<number> {
  if (pages.length === 0) return 0;
  const rows = pages.map((p) => ({ ...p, path: ROUTES[p.routeName as RouteName], updatedAt: shop.clock.now() }));
  const inserted = await dbOf(shop)
    .insert(contentPages)
    .values(rows)
    .onConflictDoNothing({ target: contentPages.routeName })
    .returning({ id: contentPages.id });
  return inserted.length;
}
