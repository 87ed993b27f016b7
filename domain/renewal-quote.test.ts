import { describe, expect, it } from "vitest";
import { cents, type Currency } from "./money";
import type { PlanCode } from "./plans";
import { effectiveUnitPrice, quoteRenewal, type RenewalQuoteInput } from "./renewal-quote";

const chargeAt = new Date("2027-01-22T12:00:00Z");
const daysBefore = (d: number) => new Date(chargeAt.getTime() - d * 86_400_000);

function input(overrides: Partial<RenewalQuoteInput> & { country?: string; currency?: Currency; quantity?: number; planCode?: PlanCode; listPrice?: number } = {}): RenewalQuoteInput {
  return {
    subscription: { quantity: overrides.quantity ?? 1, country: overrides.country ?? "US", currency: overrides.currency ?? "USD", billingPeriodMonths: 1 },
    plan: { code: overrides.planCode ?? "syn-rf", sku: "DS01-REFILL", name: "DS-01® Refill", listPrice: cents(overrides.listPrice ?? 4999) },
    chargeAt,
    price: overrides.price ?? null,
    coupon: overrides.coupon ?? null,
    retentionDiscount: overrides.retentionDiscount ?? false,
    creditBalance: overrides.creditBalance ?? cents(0),
  };
}

describe("the price of a renewal", () => {
  it("is the plan's list price times the quantity, US shipping free", () => {
    const q = quoteRenewal(input({ quantity: 2 }));
    expect(q.line.unitPrice).toBe(4999);
    expect(q.subtotal).toBe(9998);
    expect(q.shipping).toMatchObject({ method: "free_shipping", amount: 0 });
    expect(q.total).toBe(9998);
  });

  it("adds the international fee outside the US, except for the free-shipping plans (section 9)", () => {
    expect(quoteRenewal(input({ country: "gb", currency: "GBP", listPrice: 4499 })).shipping).toMatchObject({ method: "passport_ddp_all", amount: 1000 });
    expect(quoteRenewal(input({ country: "CA", listPrice: 4499 })).total).toBe(5499);
    expect(quoteRenewal(input({ country: "GB", currency: "GBP", planCode: "syn-rf-3mo", listPrice: 12147 })).shipping.amount).toBe(0);
  });

  it("takes a forever coupon off every renewal, never more than the line", () => {
    const pct = quoteRenewal(input({ coupon: { code: "LOYAL10", type: "percent", value: 10, currency: null, plans: "all" } }));
    expect(pct.discounts).toEqual([{ code: "LOYAL10", kind: "coupon", amount: 500 }]);
    expect(pct.total).toBe(4499);
    const fixed = quoteRenewal(input({ coupon: { code: "BIG", type: "fixed", value: 9000, currency: "USD", plans: "all" } }));
    expect(fixed.total).toBe(0);
    const otherCurrency = quoteRenewal(input({ currency: "GBP", country: "GB", coupon: { code: "USD5", type: "fixed", value: 500, currency: "USD", plans: "all" } }));
    expect(otherCurrency.discounts).toEqual([]);
  });

  it("applies the 20% retention discount once, after the coupon, rounded half up", () => {
    const q = quoteRenewal(input({ retentionDiscount: true, coupon: { code: "LOYAL10", type: "percent", value: 10, currency: null, plans: "all" } }));
    // 4999 - 500 = 4499; 20% = 899.8 → 900
    expect(q.discounts.map((d) => [d.kind, d.amount])).toEqual([["coupon", 500], ["retention", 900]]);
    expect(q.total).toBe(3599);
    expect(q.retentionConsumed).toBe(true);
  });

  it("keeps the retention discount for later when the line is already free", () => {
    const q = quoteRenewal(input({ retentionDiscount: true, coupon: { code: "FREE", type: "percent", value: 100, currency: null, plans: "all" } }));
    expect(q.retentionConsumed).toBe(false);
  });

  it("takes credit off the total including shipping, never below zero", () => {
    const some = quoteRenewal(input({ country: "CA", listPrice: 4499, creditBalance: cents(2500) }));
    expect(some).toMatchObject({ creditApplied: 2500, total: 2999 });
    const more = quoteRenewal(input({ creditBalance: cents(10_000) }));
    expect(more).toMatchObject({ creditApplied: 4999, total: 0 });
  });

  it("refuses a quantity that is not a whole number", () => {
    expect(() => quoteRenewal(input({ quantity: 0 }))).toThrow(RangeError);
  });
});

describe("a price change reaches a subscriber only after a 7-day notice", () => {
  const list = cents(5499);
  it("keeps the agreed price without a notice", () => {
    expect(effectiveUnitPrice(list, { agreedPrice: cents(4999), notice: null }, chargeAt)).toBe(4999);
  });
  it("keeps the agreed price when the notice came less than 7 days before", () => {
    expect(effectiveUnitPrice(list, { agreedPrice: cents(4999), notice: { price: list, sentAt: daysBefore(6.9) } }, chargeAt)).toBe(4999);
  });
  it("charges the new price when the notice came 7 days or more before", () => {
    expect(effectiveUnitPrice(list, { agreedPrice: cents(4999), notice: { price: list, sentAt: daysBefore(7) } }, chargeAt)).toBe(5499);
  });
  it("ignores a notice of another price (the price changed again)", () => {
    expect(effectiveUnitPrice(list, { agreedPrice: cents(4999), notice: { price: cents(5299), sentAt: daysBefore(30) } }, chargeAt)).toBe(4999);
  });
  it("a lower list price without notice still charges the agreed price (a notice is sent for decreases too)", () => {
    expect(effectiveUnitPrice(cents(3999), { agreedPrice: cents(4999), notice: null }, chargeAt)).toBe(4999);
  });
  it("the quote uses it and reports the price agreed from now on", () => {
    const q = quoteRenewal(input({ listPrice: 5499, price: { agreedPrice: cents(4999), notice: { price: cents(5499), sentAt: daysBefore(10) } } }));
    expect(q.agreedPrice).toBe(5499);
  });
});

describe("one-time items of the next shipment", () => {
  const gutReset = { id: "add-on-1", productCode: "gut-reset", image: "/gut-reset.webp", code: "syn-gr" as PlanCode, sku: "GUT-RESET", name: "Gut Reset", listPrice: cents(2999), quantity: 1 };
  it("are charged at list price, with no coupon or retention discount, and bring back the international fee", () => {
    const q = quoteRenewal({
      ...input({ country: "DE", planCode: "syn-rf-3mo", listPrice: 13497, retentionDiscount: true, coupon: { code: "DUO-10OFF", type: "fixed", value: 1000, currency: "USD", plans: "all" } }),
      addOns: [gutReset],
    });
    expect(q.discounts).toEqual([
      { code: "DUO-10OFF", kind: "coupon", amount: 1000 },
      { code: "RETENTION-20", kind: "retention", amount: 2499 },
    ]);
    expect(q.addOns).toEqual([expect.objectContaining({ id: "add-on-1", planCode: "syn-gr", quantity: 1, unitPrice: 2999, total: 2999 })]);
    expect(q.subtotal).toBe(13497 + 2999);
    expect(q.shipping.amount).toBe(1000);
    expect(q.total).toBe(13497 - 1000 - 2499 + 2999 + 1000);
  });

  it("the 3-month refill alone still ships abroad for free, and credit covers the items too", () => {
    expect(quoteRenewal(input({ country: "DE", planCode: "syn-rf-3mo", listPrice: 13497 })).shipping.amount).toBe(0);
    const q = quoteRenewal({ ...input({ creditBalance: cents(6000) }), addOns: [gutReset] });
    expect(q).toMatchObject({ subtotal: 7998, creditApplied: 6000, total: 1998 });
  });
});
