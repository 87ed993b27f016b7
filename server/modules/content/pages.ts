import { eq, sql } from "drizzle-orm";
import type { ContentPage } from "../../../domain/content";
import { ROUTES, type RouteName } from "../../../domain/routes";
import { contentPages } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { cleanStoredBlocks } from "./sanitise";

export async function findPage(shop: Shop, routeName: RouteName): Promise<ContentPage | null> {
  const [row] = await dbOf(shop).select().from(contentPages).where(eq(contentPages.routeName, routeName)).limit(1);
  if (!row) return null;
  // The version counter is the console's business (concurrency), not the page's.
  const { version: _version, ...page } = row;
  return { ...page, routeName, layout: row.layout === "blank" ? "blank" : "default", blocks: cleanStoredBlocks(row.blocks) };
}

export async function countPages(shop: Shop): Promise<number> {
  const [row] = await dbOf(shop).select({ n: sql<number>`count(*)::int` }).from(contentPages);
  return row?.n ?? 0;
}

/** Every page's path and last change, for the sitemap. */
export async function listPagePaths(shop: Shop): Promise<{ routeName: string; path: string; updatedAt: Date }[]> {
  return dbOf(shop).select({ routeName: contentPages.routeName, path: contentPages.path, updatedAt: contentPages.updatedAt }).from(contentPages);
}

export const pathOfRoute = (name: string) => ROUTES[name as RouteName];
