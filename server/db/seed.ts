import { readFile } from "node:fs/promises";
import { rateFromSeed, type RateSeed } from "../../domain/analytics-currency";
import { CatalogSeedSchema } from "../../domain/catalog-seed";
import { ContentSeedSchema } from "../../domain/content";
import { fromRoot } from "../lib/root";
import { seedUsdRates } from "../modules/analytics";
import { seedCatalog } from "../modules/catalog";
import { insertMissingPages } from "../modules/content";
import { seedCoupons } from "../modules/coupons";
import type { Shop } from "../shop";

/**
 * Loads the seed data kept in content/. Idempotent: rows that exist are left alone, so running it
 * again (every start runs it) changes nothing and never overwrites an operator's edits.
 */
export async function seed(shop: Shop): Promise<{ pages: number; products: number; coupons: number; usdRates: number }> {
  const { pages } = ContentSeedSchema.parse(await readJson("content/pages.json"));
  const catalog = CatalogSeedSchema.parse(await readJson("content/catalog.json"));
  const inserted = {
    pages: await insertMissingPages(shop, pages),
    products: await seedCatalog(shop, catalog),
    coupons: await seedCoupons(shop, catalog.coupons),
    usdRates: await seedUsdRates(shop, ((await readJson("content/analytics-rates.json")) as { rates: RateSeed[] }).rates.map(rateFromSeed)),
  };
  if (Object.values(inserted).some((n) => n > 0)) shop.log.info(inserted, "seeded content");
  return inserted;
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(fromRoot(path), "utf8"));
}
