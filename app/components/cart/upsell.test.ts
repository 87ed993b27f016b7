import { describe, expect, it } from "vitest";
import raw from "../../../content/catalog.json";
import type { CartCatalog } from "../../../domain/cart";
import type { Product } from "../../../domain/catalog";
import { CatalogSeedSchema } from "../../../domain/catalog-seed";
import type { PageCatalog } from "../../../domain/offers";
import { planView, type PlanCode } from "../../../domain/plans";
import { upsellOffers } from "./upsell";

const seed = CatalogSeedSchema.parse(raw);
const products = seed.products as unknown as Product[];
const rules: CartCatalog = new Map(products.map((p) => [p.code, { isSrp: p.isSrp, maxQuantity: p.maxQuantity }]));
function catalogIn(priceList: "domestic" | "international", currency: string): PageCatalog {
  const plans = seed.plans.map((p) => planView({ ...p, code: p.code as PlanCode, id: p.code }, { amount: (p.prices[priceList] as Record<string, number>)[currency] ?? 0, currency, priceList }));
  return { products, plans, autoCoupons: [] };
}
const us = { pathname: "/cart", country: "US", rules, catalog: catalogIn("domestic", "USD") };
const codes = (offers: { productCode: string }[]) => offers.map((o) => o.productCode);

describe("upsellOffers", () => {
  it("offers daily, pediatric and vaginal in display order in the US", () => {
    expect(codes(upsellOffers({ ...us, cart: {} }))).toEqual(["syn-wk", "pds-wk", "vs-wk"]);
  });
  it("offers only what sells abroad outside the US (vaginal is US only, pediatric is not sold there)", () => {
    expect(codes(upsellOffers({ ...us, country: "GB", catalog: catalogIn("international", "GBP"), cart: {} }))).toEqual(["syn-wk"]);
  });
  it("is empty when the cart holds a subscription", () => {
    expect(upsellOffers({ ...us, cart: { "syn-wk-3mo": 1 } })).toEqual([]);
  });
  it("is empty with the gut reset in the cart", () => {
    expect(upsellOffers({ ...us, cart: { "syn-gr": 1 } })).toEqual([]);
  });
  it("is built only on cart and checkout paths", () => {
    expect(upsellOffers({ ...us, pathname: "/daily-synbiotic", cart: {} })).toEqual([]);
  });
  it("carries prices in the shopper's currency", () => {
    expect(upsellOffers({ ...us, cart: {} })[0]?.price).toEqual({ amount: 4999, currency: "USD" });
  });
});
