import { describe, expect, it } from "vitest";
import {
  autoCouponCode,
  couponAppliesToCharge,
  couponDiscount,
  couponProblem,
  isWellFormedCouponCode,
  normaliseCouponCode,
} from "./coupons";
import { cents } from "./money";
import { testCoupon } from "./testing/coupon";

const base = testCoupon();

const usd = (amount: number) => ({ amount: cents(amount), currency: "USD" as const });


describe("couponDiscount (SPEC.md section 5)", () => {
  it("a fixed coupon for 'all' gives its value", () => {
    expect(couponDiscount({ ...base, type: "fixed", value: 500, currency: "USD" }, "ANY", usd(4999))).toBe(500);
  });
  it("a fixed coupon listing the sku gives its value", () => {
    expect(couponDiscount({ ...base, type: "fixed", value: 1000, currency: "USD", plans: ["DS01-DUO"] }, "DS01-DUO", usd(9998))).toBe(1000);
  });
  it("a fixed coupon not listing the sku gives 0", () => {
    expect(couponDiscount({ ...base, type: "fixed", value: 1000, currency: "USD", plans: ["DS01-DUO"] }, "DS01-STARTER", usd(4999))).toBe(0);
  });
  it("a percent coupon gives price × value / 100", () => {
    expect(couponDiscount({ ...base, value: 10 }, "X", usd(5000))).toBe(500);
  });
  it("a percent coupon rounds to the cent, half up (25% of $49.99 = $12.4975 → $12.50)", () => {
    expect(couponDiscount({ ...base, value: 25 }, "X", usd(4999))).toBe(1250);
  });
  it("rounds down below the half cent (10% of $49.99 = $4.999 → $5.00; 15% of $0.03 = 0.45¢ → 0)", () => {
    expect(couponDiscount({ ...base, value: 10 }, "X", usd(4999))).toBe(500);
    expect(couponDiscount({ ...base, value: 15 }, "X", usd(3))).toBe(0);
  });
  it("rounds an exact half cent up (12.5% of $0.20 = 2.5¢ → 3¢)", () => {
    expect(couponDiscount({ ...base, value: 12.5 }, "X", usd(20))).toBe(3);
  });
  it("fractional percentages are exact (12.5% of $134.97 = $16.87125 → $16.87)", () => {
    expect(couponDiscount({ ...base, value: 12.5 }, "X", usd(13497))).toBe(1687);
  });
  it("a percent coupon not listing the sku gives 0", () => {
    expect(couponDiscount({ ...base, plans: ["OTHER"] }, "X", usd(4999))).toBe(0);
  });
  it("a percent coupon listing the sku applies", () => {
    expect(couponDiscount({ ...base, value: 20, plans: ["X", "Y"] }, "Y", usd(4000))).toBe(800);
  });
  it("a percent coupon applies in any currency", () => {
    expect(couponDiscount({ ...base, value: 10 }, "X", { amount: cents(4499), currency: "GBP" })).toBe(450);
  });
  it("a fixed coupon gives nothing on a price in another currency", () => {
    expect(couponDiscount({ ...base, type: "fixed", value: 500, currency: "USD" }, "X", { amount: cents(4999), currency: "EUR" })).toBe(0);
  });
  it("a discount never exceeds the price (fixed $10 on $5 → $5; 150% → price)", () => {
    expect(couponDiscount({ ...base, type: "fixed", value: 1000, currency: "USD" }, "X", usd(500))).toBe(500);
    expect(couponDiscount({ ...base, value: 150 }, "X", usd(500))).toBe(500);
  });
  it("a free line gets no discount", () => {
    expect(couponDiscount({ ...base, value: 50 }, "X", usd(0))).toBe(0);
  });
});

describe("couponProblem: validity window and limits", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const facts = { now, totalRedemptions: 0, customerRedemptions: 0, isFirstOrder: true };
  it("a plain active coupon is usable", () => expect(couponProblem(base, facts)).toBeNull());
  it("inactive", () => expect(couponProblem({ ...base, active: false }, facts)).toBe("inactive"));
  it("not started yet", () => expect(couponProblem({ ...base, startsAt: new Date("2026-11-23T00:00:00Z") }, facts)).toBe("not_started"));
  it("starts exactly now: usable", () => expect(couponProblem({ ...base, startsAt: now }, facts)).toBeNull());
  it("ended", () => expect(couponProblem({ ...base, endsAt: new Date("2026-11-01T00:00:00Z") }, facts)).toBe("expired"));
  it("ends exactly now: expired", () => expect(couponProblem({ ...base, endsAt: now }, facts)).toBe("expired"));
  it("used up", () => expect(couponProblem({ ...base, maxRedemptions: 3 }, { ...facts, totalRedemptions: 3 })).toBe("used_up"));
  it("one redemption left: usable", () => expect(couponProblem({ ...base, maxRedemptions: 3 }, { ...facts, totalRedemptions: 2 })).toBeNull());
  it("customer limit reached", () =>
    expect(couponProblem({ ...base, maxPerCustomer: 1 }, { ...facts, customerRedemptions: 1 })).toBe("customer_limit"));
  it("customer limit unknown for an anonymous shopper: usable for now", () =>
    expect(couponProblem({ ...base, maxPerCustomer: 1 }, { ...facts, customerRedemptions: null })).toBeNull());
  it("first order only, on a later order", () =>
    expect(couponProblem({ ...base, firstOrderOnly: true }, { ...facts, isFirstOrder: false })).toBe("first_order_only"));
  it("first order only, unknown yet: usable for now", () =>
    expect(couponProblem({ ...base, firstOrderOnly: true }, { ...facts, isFirstOrder: null })).toBeNull());
});

describe("duration: one-time versus every renewal", () => {
  it("once applies to the first charge only", () => {
    expect(couponAppliesToCharge({ duration: "once" }, 1)).toBe(true);
    expect(couponAppliesToCharge({ duration: "once" }, 2)).toBe(false);
  });
  it("forever applies to every renewal", () => {
    expect(couponAppliesToCharge({ duration: "forever" }, 1)).toBe(true);
    expect(couponAppliesToCharge({ duration: "forever" }, 7)).toBe(true);
  });
});

describe("auto coupon (SPEC.md section 4)", () => {
  const p = (autoCouponCode: string | null) => ({ domesticAttributes: { autoCouponCode } });
  it("the first auto coupon code among the cart products is used", () => {
    expect(autoCouponCode([p(null), p("DUO-10OFF"), p("OTHER")])).toBe("DUO-10OFF");
  });
  it("none when no product has one", () => expect(autoCouponCode([p(null), p(null)])).toBeNull());
  it("none for an empty cart", () => expect(autoCouponCode([])).toBeNull());
});

describe("coupon codes", () => {
  it("are matched without case and surrounding spaces", () => expect(normaliseCouponCode("  welcome10 ")).toBe("WELCOME10"));
  it.each(["WELCOME10", "DS-01-25-OFF", "A", "X_Y"])("%s is well formed", (code) => expect(isWellFormedCouponCode(code)).toBe(true));
  it.each(["", "-LEADING", "HAS SPACE", "A".repeat(41), "<SCRIPT>", "CAFÉ"])("%s is not", (code) =>
    expect(isWellFormedCouponCode(code)).toBe(false));
});
