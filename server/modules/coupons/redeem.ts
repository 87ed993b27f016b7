import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { couponProblem } from "../../../domain/coupons";
import { ShopError } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import type { Queryable, Tx } from "../../db/client";
import { couponRedemptions, coupons } from "../../db/schema";
import { findCoupon, redemptionsBy } from "./coupons";

export interface Redemption {
  code: string;
  customerId: string;
  orderId: string;
  now: Date;
  isFirstOrder: boolean;
}

/**
 * Redeems a coupon for an order inside the caller's transaction, enforcing every limit atomically:
 * the total limit is checked and counted in one UPDATE (which also locks the coupon row until commit, so
 * per-customer counts cannot race), then the redemption row is written. Any failure is INVALID_COUPON and,
 * thrown inside the transaction, undoes the count.
 */
export async function redeemCoupon(tx: Tx, r: Redemption): Promise<void> {
  const [claimed] = await tx
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(coupons.code, r.code),
        eq(coupons.active, true),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, r.now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, r.now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.timesRedeemed, coupons.maxRedemptions)),
      ),
    )
    .returning({ code: coupons.code });
  if (!claimed) throw new ShopError("INVALID_COUPON");

  const found = await findCoupon(tx, r.code);
  if (!found) throw new ShopError("INVALID_COUPON");
  const problem = couponProblem(found.coupon, {
    now: r.now,
    totalRedemptions: 0, // already enforced by the UPDATE above
    customerRedemptions: await redemptionsBy(tx, r.code, r.customerId),
    isFirstOrder: r.isFirstOrder,
  });
  if (problem) throw new ShopError("INVALID_COUPON");
  await tx.insert(couponRedemptions).values({ couponCode: r.code, customerId: r.customerId, orderId: r.orderId, createdAt: r.now });
}

/**
 * Takes one use of a coupon's total limit before the card is authorised, so an order that loses the race for the last
 * use costs no authorisation. Atomic (one UPDATE under the limit). INVALID_COUPON when none is left.
 * The order's transaction then calls redeemReserved; any failure in between calls releaseCouponUse.
 */
export async function reserveCouponUse(db: Queryable, code: string, now: Date): Promise<void> {
  const [claimed] = await db
    .update(coupons)
    .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(coupons.code, code),
        eq(coupons.active, true),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.timesRedeemed, coupons.maxRedemptions)),
      ),
    )
    .returning({ code: coupons.code });
  if (!claimed) throw new ShopError("INVALID_COUPON", MESSAGES.invalidPromo);
}

/** Gives a reserved use back (the order was not written). */
export async function releaseCouponUse(db: Queryable, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ timesRedeemed: sql`greatest(${coupons.timesRedeemed} - 1, 0)` })
    .where(eq(coupons.code, code));
}

/**
 * Writes the redemption of a use reserved with reserveCouponUse, inside the order's transaction. The coupon row is
 * locked first, so one shopper's concurrent checkouts are counted one after another against the per-customer limit.
 */
export async function redeemReserved(tx: Tx, r: Redemption): Promise<void> {
  await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, r.code)).for("update");
  const found = await findCoupon(tx, r.code);
  if (!found) throw new ShopError("INVALID_COUPON");
  const problem = couponProblem(found.coupon, {
    now: r.now,
    totalRedemptions: 0, // reserved before authorisation
    customerRedemptions: await redemptionsBy(tx, r.code, r.customerId),
    isFirstOrder: r.isFirstOrder,
  });
  if (problem) throw new ShopError("INVALID_COUPON");
  await tx.insert(couponRedemptions).values({ couponCode: r.code, customerId: r.customerId, orderId: r.orderId, createdAt: r.now });
}
