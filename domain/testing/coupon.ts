import type { Coupon } from "../coupons";

/** A plain usable coupon (10% off everything, no limits) for tests, with the fields a test cares about overridden. */
export function testCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: "TEST",
    type: "percent",
    value: 10,
    currency: null,
    plans: "all",
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    maxPerCustomer: null,
    firstOrderOnly: false,
    duration: "once",
    active: true,
    ...overrides,
  };
}
