import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopError } from "../../../domain/errors";
import { coupons } from "../../db/schema";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { findOrCreateCustomer } from "../customers";
import { findCoupon } from "./coupons";
import { redeemCoupon } from "./redeem";

describe(`coupon redemption limits are atomic (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());

  async function addCoupon(code: string, limits: Partial<typeof coupons.$inferInsert>) {
    await dbOf(shop).insert(coupons).values({ code, type: "percent", value: 10, createdAt: shop.clock.now(), ...limits });
  }

  /** Redeems in its own transaction, as checkout will; resolves true when it was redeemed. */
  async function attempt(code: string, customerId: string, isFirstOrder = true): Promise<boolean> {
    try {
      await dbOf(shop).transaction((tx) =>
        redeemCoupon(tx, { code, customerId, orderId: randomUUID(), now: shop.clock.now(), isFirstOrder }),
      );
      return true;
    } catch (error) {
      if (error instanceof ShopError && error.code === "INVALID_COUPON") return false;
      throw error;
    }
  }

  it("a coupon with a total limit of 1 used by twenty concurrent checkouts is redeemed exactly once", async () => {
    await addCoupon("ONLYONE", { maxRedemptions: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => findOrCreateCustomer(shop, `race${i}@example.com`)));
    const results = await Promise.all(shoppers.map((s) => attempt("ONLYONE", s.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await findCoupon(dbOf(shop), "ONLYONE"))?.timesRedeemed).toBe(1);
  });

  it("a per-customer limit of 1 holds for one shopper checking out twenty times at once", async () => {
    await addCoupon("ONCEEACH", { maxPerCustomer: 1 });
    const shopper = await findOrCreateCustomer(shop, "eager@example.com");
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt("ONCEEACH", shopper.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    // A failed attempt does not count: the total stays at the one real redemption.
    expect((await findCoupon(dbOf(shop), "ONCEEACH"))?.timesRedeemed).toBe(1);
    // Another shopper may still use it.
    expect(await attempt("ONCEEACH", (await findOrCreateCustomer(shop, "other@example.com")).id)).toBe(true);
  });

  it("first-order-only refuses a returning customer", async () => {
    await addCoupon("FIRSTONLY", { firstOrderOnly: true });
    const shopper = await findOrCreateCustomer(shop, "returning@example.com");
    expect(await attempt("FIRSTONLY", shopper.id, false)).toBe(false);
    expect(await attempt("FIRSTONLY", shopper.id, true)).toBe(true);
  });

  it("outside its validity window a coupon is not redeemed", async () => {
    await addCoupon("WINDOW", { startsAt: new Date("2026-12-01T00:00:00Z"), endsAt: new Date("2026-12-31T00:00:00Z") });
    const shopper = await findOrCreateCustomer(shop, "early@example.com");
    expect(await attempt("WINDOW", shopper.id)).toBe(false);
    shop.clock.set("2026-12-15T00:00:00Z");
    expect(await attempt("WINDOW", shopper.id)).toBe(true);
    shop.clock.set("2026-12-31T00:00:00Z");
    expect(await attempt("WINDOW", (await findOrCreateCustomer(shop, "late@example.com")).id)).toBe(false);
    shop.clock.set("2026-11-22T12:00:00Z");
  });

  it("an inactive or unknown coupon is not redeemed", async () => {
    await addCoupon("PAUSED", { active: false });
    const shopper = await findOrCreateCustomer(shop, "paused@example.com");
    expect(await attempt("PAUSED", shopper.id)).toBe(false);
    expect(await attempt("NOSUCHCODE", shopper.id)).toBe(false);
  });
});
