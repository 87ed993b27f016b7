import type { CatalogSeed } from "../../../domain/catalog-seed";
import { planPrices, plans, products } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { forgetCatalog } from "./snapshot";

/** Inserts catalogue rows that are missing (idempotent; an operator's price edits survive restarts). */
export async function seedCatalog(shop: Shop, seed: Pick<CatalogSeed, "products" | "plans">): Promise<number> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  const insertedProducts = await db
    .insert(products)
    .values(
      seed.products.map((p) => ({
        code: p.code,
        sku: p.content.sku,
        isSrp: p.isSrp,
        maxQuantity: p.maxQuantity,
        autoCouponCode: p.domesticAttributes.autoCouponCode,
        planCode: p.planCode,
        planQuantity: p.planQuantity,
        countries: p.countries,
        content: p.content,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ code: products.code });
  await db
    .insert(plans)
    .values(seed.plans.map(({ prices: _prices, ...plan }) => plan))
    .onConflictDoNothing();
  const priceRows = seed.plans.flatMap((plan) => [
    { planCode: plan.code, priceList: "domestic", currency: "USD", amount: plan.prices.domestic.USD },
    ...Object.entries(plan.prices.international).map(([currency, amount]) => ({
      planCode: plan.code,
      priceList: "international",
      currency,
      amount: amount as number,
    })),
  ]);
  await db.insert(planPrices).values(priceRows).onConflictDoNothing();
  // The tables' triggers announced the change to other processes; this one need not wait for its own notice.
  forgetCatalog(shop);
  return insertedProducts.length;
}
