import { describe, expect, it } from "vitest";
import { quoteCart, type QuoteInput } from "./quote";
import { couponLimits, renewalFrequency, renewalTerms } from "./renewal-terms";
import { testCoupon } from "./testing/coupon";
import { seedPlansIn, seedProducts } from "./testing/seed-catalog";

const products = seedProducts;
const plansIn = seedPlansIn;
const NOW = new Date("2026-01-31T15:00:00Z");

function termsFor(over: Partial<QuoteInput>, coupons = over.promo ? [over.promo] : []) {
  const input: QuoteInput = { cart: { "syn-wk": 1 }, products, plans: plansIn("domestic", "USD"), promo: null, autoCoupons: [], country: "US", shippingMethod: null, ...over };
  const result = quoteCart(input);
  if (!result.ok) throw new Error(result.code);
  return renewalTerms({ quote: result.quote, plans: input.plans, coupons, now: NOW });
}

describe("renewalTerms: what a subscription renews as, told before paying", () => {
  it("a DS-01 starter renews as the monthly refill at its list price, a month after the order (end of month kept)", () => {
    expect(termsFor({})).toEqual([
      expect.objectContaining({ planCode: "syn-wk", renewalPlanCode: "syn-rf", renewalName: "DS-01® Refill (monthly)", price: 4999, shipping: 0, currency: "USD", periodMonths: 1, couponKept: null }),
    ]);
    expect(termsFor({})[0]!.firstRenewalAt.toISOString()).toBe("2026-02-28T15:00:00.000Z");
  });

  it("a first-order coupon (WELCOME10, duration once) lowers today's price, never the renewal's", () => {
    const [term] = termsFor({ cart: { "syn-wk-3mo": 1 }, promo: testCoupon({ code: "WELCOME10", duration: "once" }) });
    expect(term).toMatchObject({ renewalPlanCode: "syn-rf-3mo", price: 13497, periodMonths: 3, couponKept: null });
    expect(term!.firstRenewalAt.toISOString()).toBe("2026-04-30T15:00:00.000Z");
  });

  it("a coupon that lasts forever is taken off every renewal, and says so", () => {
    const [term] = termsFor({ cart: { "syn-wk-6mo": 1 }, promo: testCoupon({ code: "ALWAYS10", duration: "forever" }) });
    expect(term).toMatchObject({ price: 25494 - 2549, couponKept: "ALWAYS10" });
  });

  it("abroad, each renewal carries the international shipping fee unless the plan ships free (SPEC.md section 9)", () => {
    const gb = plansIn("international", "GBP");
    expect(termsFor({ cart: { "syn-wk": 1 }, plans: gb, country: "GB" })[0]).toMatchObject({ currency: "GBP", price: 4499 + 1000, shipping: 1000 });
    expect(termsFor({ cart: { "syn-wk-3mo": 1 }, plans: gb, country: "GB" })[0]).toMatchObject({ renewalPlanCode: "syn-rf-3mo", price: 12147, shipping: 0 });
  });

  it("one-time products renew nothing; quantities multiply the renewal", () => {
    expect(termsFor({ cart: { "syn-gr": 1 } })).toEqual([]);
    expect(termsFor({ cart: { "pds-wk": 2 } })[0]).toMatchObject({ renewalPlanCode: "pds-rf", quantity: 2, price: 7998 });
  });
});

describe("couponLimits: a coupon's limits in plain words", () => {
  const date = (d: Date) => d.toISOString().slice(0, 10);
  it("a first-order code says renewals pay full price, once per customer, and when it ends", () => {
    expect(couponLimits({ ...testCoupon({ code: "WELCOME10", firstOrderOnly: true, maxPerCustomer: 1 }), endsAt: "2026-12-31T00:00:00Z" }, date)).toEqual([
      "This order only: renewals are charged the full price",
      "New customers only (a first order with us)",
      "Once per customer",
      "Ends 2026-12-31",
    ]);
  });
  it("a forever code says it keeps taking money off", () => {
    expect(couponLimits(testCoupon({ duration: "forever" }), date)).toEqual(["Takes the same off every renewal"]);
  });
  it("frequency words", () => {
    expect([1, 3, 6].map(renewalFrequency)).toEqual(["every month", "every 3 months", "every 6 months"]);
  });
});
