import { readFile } from "node:fs/promises";
import { rateFromSeed, type RateSeed } from "../../domain/analytics-currency";
import { CatalogSeedSchema } from "../../domain/catalog-seed";
import { ContentSeedSchema, type ArticleSeed, type ContentPageSeed } from "../../domain/content";
import { fromRoot } from "../lib/root";
import { seedUsdRates } from "../modules/analytics";
import { seedCatalog, seedProductProfiles } from "../modules/catalog";
import { notifyPagesChanged, seedContent } from "../modules/content";
import { seedCoupons } from "../modules/coupons";
import { seedMedia, seedMediaHashes } from "../modules/media/seed-media";
import { seedReviews } from "../modules/reviews";
import type { Shop } from "../shop";

/**
 * Loads the seed data kept in content/. Idempotent: running it again (every start runs it) changes nothing. Catalogue
 * rows that exist are left alone; a page or article whose content file entry changed is reloaded unless an operator
 * edited it (server/modules/content/seed-content.ts).
 */
export async function seed(shop: Shop): Promise<{ media: number; pages: number; products: number; productProfiles: number; coupons: number; usdRates: number; reviews: number }> {
  const { pages, articles } = ContentSeedSchema.parse(await readJson("content/pages.json"));
  const catalog = CatalogSeedSchema.parse(await readJson("content/catalog.json"));
  const inserted = {
    // Photographs first: articles name their covers by hash, and a cover must be in the library to be drawn.
    media: await seedMedia(shop),
    pages: await seedPagesAndArticles(shop, pages, articles),
    products: await seedCatalog(shop, catalog),
    // After the products (each profile names one); galleries name the media seed's photos by their manifest names.
    productProfiles: await seedProfiles(shop),
    coupons: await seedCoupons(shop, catalog.coupons),
    usdRates: await seedUsdRates(shop, ((await readJson("content/analytics-rates.json")) as { rates: RateSeed[] }).rates.map(rateFromSeed)),
    reviews: await seedReviews(shop),
  };
  // Prices and coupons show on pages: every process's page cache must forget them (content notifies on its own).
  if (inserted.products > 0 || inserted.coupons > 0 || inserted.productProfiles > 0 || inserted.reviews > 0) await notifyPagesChanged(shop, "catalog seed");
  if (Object.values(inserted).some((n) => n > 0)) shop.log.info(inserted, "seeded content");
  return inserted;
}

async function seedPagesAndArticles(shop: Shop, pages: ContentPageSeed[], articles: ArticleSeed[]): Promise<number> {
  const { inserted, updated } = await seedContent(shop, pages, articles, await seedMediaHashes());
  return inserted + updated;
}

async function seedProfiles(shop: Shop): Promise<number> {
  const { inserted, updated } = await seedProductProfiles(shop);
  return inserted + updated;
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(fromRoot(path), "utf8"));
}
