import { describe, expect, it } from "vitest";
import raw from "../../../content/catalog.json";
import type { Product } from "../../../domain/catalog";
import { CatalogSeedSchema } from "../../../domain/catalog-seed";
import type { Coupon } from "../../../domain/coupons";
import { planView, type PlanCode, type PlanView } from "../../../domain/plans";
import { quoteCartLines } from "./cart-quote";

const seed = CatalogSeedSchema.parse(raw);
const products = seed.products as unknown as Product[];
function plansFor(priceList: "domestic" | "international", currency: string): PlanView[] {
  return seed.plans.flatMap((p) => {
    const amount = (p.prices[priceList] as Record<string, number>)[currency];
    if (amount === undefined) return [];
    return [planView({ ...p, code: p.code as PlanCode, id: p.code }, { amount, currency, priceList })];
  });
}
const duo = seed.coupons.find((c) => c.code === "DUO-10OFF") as unknown as Coupon;
const base = { products, promo: null, autoCoupons: [duo], shippingMethod: null };

describe("quoteCartLines", () => {
  it("prices a cart that quotes", () => {
    const { quote, problems } = quoteCartLines({ ...base, cart: { "syn-wk-3mo": 1 }, plans: plansFor("domestic", "USD"), country: "US" });
    expect(problems).toEqual([]);
    expect(quote?.total).toBe(13497);
  });

  it("sets a refused line aside with the catalogue's words and prices the rest", () => {
    const { quote, problems } = quoteCartLines({ ...base, cart: { "vs-wk": 1, "syn-wk": 1 }, plans: plansFor("international", "EUR"), country: "DE" });
    expect(problems).toEqual([
      { productCode: "vs-wk", code: "PRODUCT_NOT_ALLOWED_IN_COUNTRY", message: "The selected plan is not eligible in your country. Please contact care." },
    ]);
    expect(quote?.lines.map((l) => l.productCode)).toEqual(["syn-wk"]);
    expect(quote?.currency).toBe("EUR");
  });

  it("keeps the quote's own words when it has them", () => {
    const { quote, problems } = quoteCartLines({ ...base, cart: { "pds-gwp": 1 }, plans: plansFor("domestic", "USD"), country: "US" });
    expect(quote).toBeNull();
    expect(problems[0]).toMatchObject({ productCode: "pds-gwp", code: "ITEM_NOT_AVAILABLE", message: "That item only comes as a gift with another product." });
  });

  it("reports a problem of the whole cart without a line", () => {
    const result = quoteCartLines({ ...base, cart: { "syn-wk": 1 }, plans: plansFor("international", "USD"), country: "NZ" });
    expect(result.quote).toBeNull();
    expect(result.problems).toEqual([]);
    expect(result.cartProblem).toMatch(/cannot ship/);
  });

  it("an empty cart has no quote and no problem", () => {
    expect(quoteCartLines({ ...base, cart: {}, plans: plansFor("domestic", "USD"), country: "US" })).toEqual({ quote: null, problems: [], cartProblem: null });
  });
});
