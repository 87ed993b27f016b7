import { describe, expect, it } from "vitest";
import { discountLabel, quoteCart, type QuoteInput } from "./quote";
import { testCoupon } from "./testing/coupon";
import { seedPlansIn, seedProducts } from "./testing/seed-catalog";

const products = seedProducts;
const plansIn = seedPlansIn;
const coupon = testCoupon;
const duoAuto = coupon({ code: "DUO-10OFF", type: "fixed", value: 1000, currency: "USD", plans: ["DS01-DUO"] });
const us = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  cart: { "syn-wk-3mo": 1 },
  products,
  plans: plansIn("domestic", "USD"),
  promo: null,
  autoCoupons: [duoAuto],
  country: "US",
  shippingMethod: null,
  ...over,
});
const quote = (input: QuoteInput) => {
  const r = quoteCart(input);
  if (!r.ok) throw new Error(`${r.code}: ${r.message ?? ""}`);
  return r.quote;
};

describe("quoteCart: totals", () => {
  it("a 3-month plan in the US: $134.97, free shipping", () => {
    expect(quote(us())).toMatchObject({ currency: "USD", subtotal: 13497, discountTotal: 0, shipping: { method: "free_shipping", amount: 0 }, total: 13497 });
  });
  it("a percent promo is taken off once, rounded to the cent", () => {
    const q = quote(us({ promo: coupon({ code: "WELCOME10" }) }));
    expect(q.discounts).toEqual([{ code: "WELCOME10", kind: "promo", amount: 1350 }]);
    expect(q.total).toBe(12147);
  });
  it("the duo's auto coupon applies by itself", () => {
    const q = quote(us({ cart: { "syn-wk-duo": 1 } }));
    expect(q).toMatchObject({ subtotal: 9998, discountTotal: 1000, total: 8998 });
    expect(q.discounts).toEqual([{ code: "DUO-10OFF", kind: "auto", amount: 1000 }]);
  });
  it("auto coupon and promo stack, each on the list price, never below zero", () => {
    const q = quote(us({ cart: { "syn-wk-duo": 1 }, promo: coupon({ code: "HALF", value: 50 }) }));
    expect(q.discounts.map((d) => d.amount)).toEqual([1000, 4999]);
    expect(q.total).toBe(9998 - 1000 - 4999);
    const all = quote(us({ cart: { "syn-wk-duo": 1 }, promo: coupon({ code: "ALL", value: 100 }) }));
    expect(all.total).toBe(0);
    expect(all.lines[0]!.discount).toBe(9998);
  });
  it("entering the auto coupon's own code as a promo code does not discount twice", () => {
    const q = quote(us({ cart: { "syn-wk-duo": 1 }, promo: duoAuto }));
    expect(q.discounts).toEqual([{ code: "DUO-10OFF", kind: "auto", amount: 1000 }]);
    expect(q.total).toBe(8998);
  });
  it("a fixed promo for 'all' is taken off once per order, not per line", () => {
    const q = quote(us({ cart: { "syn-gr": 2, "syn-wk": 1 }, promo: coupon({ code: "SAVE5", type: "fixed", value: 500, currency: "USD" }) }));
    expect(q.discountTotal).toBe(500);
  });
  it("a promo that does not apply to the cart's skus gives nothing and is not listed", () => {
    const q = quote(us({ cart: { "syn-gr": 1 }, promo: coupon({ code: "DS", plans: ["DS01-STARTER"] }) }));
    expect(q.discounts).toEqual([]);
    expect(q.total).toBe(2999);
  });
  it("a promo that gives nothing says why: the duo's own code on a cart without the duo does not apply to its items (it is another product's automatic discount, not this cart's)", () => {
    expect(quote(us({ promo: duoAuto })).promoNotApplied).toEqual({ code: "DUO-10OFF", reason: "This code does not apply to the items in your cart." });
    expect(quote(us({ cart: { "syn-wk-duo": 1 }, promo: duoAuto })).promoNotApplied).toEqual({ code: "DUO-10OFF", reason: "This code's discount is already applied to your cart." });
    const save5 = coupon({ code: "SAVE5", type: "fixed", value: 500, currency: "USD" });
    expect(quote(us({ country: "GB", plans: plansIn("international", "GBP"), promo: save5 })).promoNotApplied).toEqual({ code: "SAVE5", reason: "This code only works for orders paid in USD." });
    expect(quote(us({ promo: save5 })).promoNotApplied).toBeNull();
  });
  it("quantities multiply", () => expect(quote(us({ cart: { "syn-gr": 3 } })).subtotal).toBe(8997));
  it("expedited in the US costs its fee", () => expect(quote(us({ shippingMethod: "expedited" })).shipping.amount).toBe(995));
  it("abroad: international prices in the local currency plus 10", () => {
    const q = quote(us({ country: "DE", plans: plansIn("international", "EUR"), cart: { "syn-wk": 1 } }));
    expect(q).toMatchObject({ currency: "EUR", subtotal: 4999, shipping: { method: "passport_ddp_all", amount: 1000 }, total: 5999 });
  });
  it("abroad, the refill plans that ship free ship free", () => {
    const plans = plansIn("international", "GBP");
    const q = quote(us({ country: "GB", plans, cart: { "syn-rf": 1 } }));
    expect(q.shipping.amount).toBe(1000); // syn-rf monthly is not one of the free-shipping plans
  });
  it("the pediatric kit brings its free bonus line", () => {
    const q = quote(us({ cart: { "pds-wk": 1 } }));
    expect(q.lines.map((l) => [l.productCode, l.total, l.bonus])).toEqual([
      ["pds-wk", 3999, false],
      ["pds-gwp", 0, true],
    ]);
    expect(q.total).toBe(3999);
  });
  it("lines say what they renew into", () => {
    expect(quote(us()).lines[0]).toMatchObject({ planCode: "syn-wk-3mo", renewsInto: "syn-rf-3mo", billingPeriodMonths: 3, isSrp: true });
  });
});

describe("quoteCart: the error codes of SPEC.md section 8", () => {
  const err = (input: QuoteInput) => {
    const r = quoteCart(input);
    return r.ok ? "ok" : r.code;
  };
  it("ITEM_NOT_AVAILABLE for an unknown code", () => expect(err(us({ cart: { nope: 1 } }))).toBe("ITEM_NOT_AVAILABLE"));
  it("ITEM_NOT_AVAILABLE for a gift on its own", () => expect(err(us({ cart: { "pds-gwp": 1 } }))).toBe("ITEM_NOT_AVAILABLE"));
  it("ITEM_NOT_AVAILABLE when the plan has no price in the shopper's currency", () =>
    expect(err(us({ cart: { "syn-gr": 1 }, plans: plansIn("international", "EUR").filter((p) => p.code === "syn-wk"), country: "US" }))).toBe("ITEM_NOT_AVAILABLE"));
  it("PRODUCT_NOT_ALLOWED_IN_COUNTRY for a US-only product abroad", () =>
    expect(err(us({ cart: { "vs-wk": 1 }, country: "DE", plans: plansIn("international", "EUR") }))).toBe("PRODUCT_NOT_ALLOWED_IN_COUNTRY"));
  it("PRODUCT_NOT_ALLOWED_IN_COUNTRY for a country we do not ship to", () =>
    expect(err(us({ country: "NZ", plans: plansIn("international", "USD") }))).toBe("PRODUCT_NOT_ALLOWED_IN_COUNTRY"));
  it("QUANTITY_NOT_ALLOWED above maxQuantity", () => expect(err(us({ cart: { "syn-gr": 6 } }))).toBe("QUANTITY_NOT_ALLOWED"));
  it("QUANTITY_NOT_ALLOWED for zero or fractions", () => {
    expect(err(us({ cart: { "syn-gr": 0 } }))).toBe("QUANTITY_NOT_ALLOWED");
    expect(err(us({ cart: { "syn-gr": 1.5 } }))).toBe("QUANTITY_NOT_ALLOWED");
  });
  it("QUANTITY_NOT_ALLOWED for two subscriptions in one order", () => expect(err(us({ cart: { "syn-wk": 1, "pds-wk": 1 } }))).toBe("QUANTITY_NOT_ALLOWED"));
  it("QUANTITY_NOT_ALLOWED_IN_COUNTRY for more than one of a product abroad", () => {
    const roomy = products.map((p) => (p.code === "syn-rf" ? { ...p, maxQuantity: 3 } : p));
    expect(err(us({ products: roomy, cart: { "syn-rf": 2 }, country: "DE", plans: plansIn("international", "EUR") }))).toBe("QUANTITY_NOT_ALLOWED_IN_COUNTRY");
  });
  it("VALIDATION_ERROR for an empty cart or a method the country does not have", () => {
    expect(err(us({ cart: {} }))).toBe("VALIDATION_ERROR");
    expect(err(us({ shippingMethod: "passport_ddp_all" }))).toBe("VALIDATION_ERROR");
  });
});

describe("quoteCart: the money flags (ADR 0062)", () => {
  const on = { "data-checkout-shipping-fees-v2": false, "data-discount-surprise-delight-test": false };
  const de = (over: Partial<QuoteInput> = {}) => us({ cart: { "syn-wk": 1 }, plans: plansIn("international", "EUR"), autoCoupons: [], country: "DE", ...over });

  it("without pricing flags, the fees of SPEC.md: 10 abroad, 9.95 expedited", () => {
    expect(quote(de()).shipping.amount).toBe(1000);
    expect(quote(us({ shippingMethod: "expedited" })).shipping.amount).toBe(995);
  });

  it("the second fee table: 7 abroad, 6.95 expedited, US standard still free", () => {
    const pricing = { ...on, "data-checkout-shipping-fees-v2": true };
    expect(quote(de({ pricing })).shipping.amount).toBe(700);
    expect(quote(us({ pricing, shippingMethod: "expedited" })).shipping.amount).toBe(695);
    expect(quote(us({ pricing })).shipping.amount).toBe(0);
  });

  it("the surprise takes 5% of the list price off after the promo, named as the shop's", () => {
    const pricing = { ...on, "data-discount-surprise-delight-test": true };
    const q = quote(us({ pricing, promo: coupon({ code: "WELCOME10" }) }));
    expect(q.discounts).toEqual([
      { code: "WELCOME10", kind: "promo", amount: 1350 },
      { code: "SURPRISE", kind: "surprise", amount: 675 },
    ]);
    expect(q.total).toBe(13497 - 1350 - 675);
    expect(discountLabel(q.discounts[1]!)).toBe("A surprise from us: 5% off");
    expect(q.promoNotApplied).toBeNull();
  });

  it("the surprise never takes a line below zero", () => {
    const pricing = { ...on, "data-discount-surprise-delight-test": true };
    const q = quote(us({ pricing, promo: coupon({ code: "ALL", type: "percent", value: 100 }) }));
    expect(q.total).toBe(0);
    expect(q.discounts.map((d) => d.kind)).toEqual(["promo"]);
  });
});
