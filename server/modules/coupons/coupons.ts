import { and, count, eq } from "drizzle-orm";
import { isCurrency } from "../../../domain/money";
import type { Coupon, CouponDuration, CouponType } from "../../../domain/coupons";
import type { CouponSeed } from "../../../domain/catalog-seed";
import { couponRedemptions, coupons } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import type { Queryable } from "../../db/client";

export type CouponRow = typeof coupons.$inferSelect;

export function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    type: row.type as CouponType,
    value: row.value,
    currency: row.currency && isCurrency(row.currency) ? row.currency : null,
    plans: row.skus ?? "all",
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    duration: row.duration as CouponDuration,
    active: row.active,
  };
}

/** The coupon with this (normalised) code, with how often it has been redeemed; null when there is none. */
export async function findCoupon(db: Queryable, code: string): Promise<{ coupon: Coupon; timesRedeemed: number } | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row ? { coupon: toCoupon(row), timesRedeemed: row.timesRedeemed } : null;
}

export async function redemptionsBy(db: Queryable, code: string, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponCode, code), eq(couponRedemptions.customerId, customerId)));
  return row?.n ?? 0;
}

export async function seedCoupons(shop: Shop, seed: CouponSeed[]): Promise<number> {
  if (seed.length === 0) return 0;
  const inserted = await dbOf(shop)
    .insert(coupons)
    .values(
      seed.map((c) => ({
        code: c.code,
        type: c.type,
        value: c.value,
        currency: c.currency,
        skus: c.plans === "all" ? null : c.plans,
        startsAt: c.startsAt ? new Date(c.startsAt) : null,
        endsAt: c.endsAt ? new Date(c.endsAt) : null,
        maxRedemptions: c.maxRedemptions,
        maxPerCustomer: c.maxPerCustomer,
        firstOrderOnly: c.firstOrderOnly,
        duration: c.duration,
        active: c.active,
        createdAt: shop.clock.now(),
      })),
    )
    .onConflictDoNothing()
    .returning({ code: coupons.code });
  return inserted.length;
}
