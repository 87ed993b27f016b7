import { describe, expect, it } from "vitest";
import raw from "../content/catalog.json";
import { DISPLAY_ORDER, PRODUCT_CODES } from "./catalog";
import { CatalogSeedSchema } from "./catalog-seed";
import { PLAN_CODES } from "./plans";

const catalog = CatalogSeedSchema.parse(raw);
const product = (code: string) => catalog.products.find((p) => p.code === code)!;
const plan = (code: string) => catalog.plans.find((p) => p.code === code)!;

describe("content/catalog.json holds SPEC.md's catalogue", () => {
  it("has every product code, once each", () => {
    expect(catalog.products.map((p) => p.code).sort()).toEqual([...PRODUCT_CODES].sort());
  });
  it("has all fourteen plans, once each", () => {
    expect(catalog.plans.map((p) => p.code).sort()).toEqual([...PLAN_CODES].sort());
  });
  it("every plan ships a product of the catalogue and every product's plan exists", () => {
    for (const p of catalog.plans) expect(PRODUCT_CODES).toContain(p.productCode);
    for (const p of catalog.products) if (p.planCode) expect(PLAN_CODES).toContain(p.planCode);
  });
  it("skus are unique", () => {
    const skus = catalog.products.map((p) => p.content.sku);
    expect(new Set(skus).size).toBe(skus.length);
  });
});

describe("constants of SPEC.md section 9", () => {
  it.each([
    ["syn-wk", 60, 30],
    ["syn-wk-3mo", 180, 90],
    ["syn-wk-6mo", 360, 180],
    ["vs-wk", 60, 30],
    ["vs-rf", 30, 30],
  ])("%s holds %i capsules for %i days", (code, capsules, days) => {
    expect(product(code).content.numCapsules).toBe(capsules);
    expect(product(code).content.supplyLengthInDays).toBe(days);
  });
  it("3-month is billed $134.97 and 6-month $254.94, domestic", () => {
    expect(plan("syn-wk-3mo").prices.domestic.USD).toBe(13497);
    expect(plan("syn-wk-6mo").prices.domestic.USD).toBe(25494);
    expect(plan("syn-wk-3mo").billingPeriodMonths).toBe(3);
    expect(plan("syn-wk-6mo").billingPeriodMonths).toBe(6);
  });
  it("the vaginal starter's words agree with its 30 days and do not repeat the refill's price (ADR 0018)", () => {
    const text = product("vs-wk").content.srp0PdpDescription;
    expect(text).toMatch(/60 capsules for your first 30 days/);
    expect(text).not.toMatch(/2-month|\$|a month/);
    expect(product("vs-wk").content.supplyLengthInMonths).toBe(1);
  });
  it("vaginal monthly after the starter is $39.99", () => {
    expect(plan("vs-rf").prices.domestic.USD).toBe(3999);
    expect(plan("vs-rf").billingPeriodMonths).toBe(1);
  });
  it("the duo's discountAmt is 10, matched by its $10 auto coupon", () => {
    const duo = product("syn-wk-duo");
    expect(duo.content.upsell?.discountAmt).toBe(10);
    const auto = catalog.coupons.find((c) => c.code === duo.domesticAttributes.autoCouponCode)!;
    expect(auto).toMatchObject({ type: "fixed", value: 1000, currency: "USD", plans: ["DS01-DUO"] });
  });
  it("display order: daily 1, duo 2, pediatric 3, vaginal 4", () => {
    for (const [code, order] of Object.entries(DISPLAY_ORDER)) expect(product(code).content.upsell?.displayOrder).toBe(order);
    expect(DISPLAY_ORDER).toEqual({ "syn-wk": 1, "syn-wk-duo": 2, "pds-wk": 3, "vs-wk": 4 });
  });
  it("the quiz code DS-01-25-OFF exists as a 25% coupon", () => {
    expect(catalog.coupons.find((c) => c.code === "DS-01-25-OFF")).toMatchObject({ type: "percent", value: 25 });
  });
  it("subscription plans bill monthly, every 3 or every 6 months; one-time plans do not bill again", () => {
    for (const p of catalog.plans) {
      if (p.isSrp) expect([1, 3, 6]).toContain(p.billingPeriodMonths);
      else expect(p.billingPeriodMonths).toBeNull();
    }
  });
  it("every international plan has a price in all six currencies; no price is zero", () => {
    for (const p of catalog.plans) {
      const intl = Object.keys(p.prices.international);
      if (intl.length > 0) expect(intl.sort()).toEqual(["AUD", "EUR", "GBP", "MXN", "SGD", "USD"]);
      expect(p.prices.domestic.USD).toBeGreaterThan(0);
    }
  });
});
