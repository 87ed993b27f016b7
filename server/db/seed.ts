import { readFile } from "node:fs/promises";
import { ContentSeedSchema } from "../../domain/content";
import { fromRoot } from "../lib/root";
import { insertMissingPages } from "../modules/content/pages";
import type { Shop } from "../shop";

/**
 * Loads the seed data kept in content/. Idempotent: rows that exist are left alone, so running it
 * again (every start runs it) changes nothing and never overwrites an operator's edits.
 */
export async function seed(shop: Shop): Promise<{ pages: number }> {
  const raw = JSON.parse(await readFile(fromRoot("content/pages.json"), "utf8"));
  const { pages } = ContentSeedSchema.parse(raw);
  const inserted = await insertMissingPages(shop, pages);
  if (inserted > 0) shop.log.info({ pages: inserted }, "seeded content");
  return { pages: inserted };
}
