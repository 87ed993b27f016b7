import { and, asc, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Coupon } from "../../../domain/coupons";
import type { Queryable } from "../../db/client";
import { couponRedemptions, coupons } from "../../db/schema";
import { toCoupon } from "./coupons";

/** What an operator sets on a coupon (the console's create and edit forms). */
export type CouponInput = Omit<Coupon, "code" | "active"> & { active: boolean };

export interface CouponListRow extends Coupon {
  timesRedeemed: number;
}

const toValues = (input: CouponInput) => ({
  type: input.type,
  value: input.value,
  currency: input.type === "fixed" ? input.currency : null,
  skus: input.plans === "all" ? null : [...input.plans],
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  maxRedemptions: input.maxRedemptions,
  maxPerCustomer: input.maxPerCustomer,
  firstOrderOnly: input.firstOrderOnly,
  duration: input.duration,
  active: input.active,
});

/** Creates a coupon; null when the code is taken. */
export async function createCoupon(db: Queryable, code: string, input: CouponInput, now: Date): Promise<Coupon | null> {
  const [row] = await db
    .insert(coupons)
    .values({ code, ...toValues(input), createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ? toCoupon(row) : null;
}

/** Replaces a coupon's settings (its code and redemption count stay); answers before and after, or null. */
export async function updateCoupon(db: Queryable, code: string, input: CouponInput): Promise<{ before: Coupon; after: Coupon } | null> {
  const [current] = await db.select().from(coupons).where(eq(coupons.code, code)).for("update");
  if (!current) return null;
  const [row] = await db.update(coupons).set(toValues(input)).where(eq(coupons.code, code)).returning();
  return { before: toCoupon(current), after: toCoupon(row!) };
}

/** All coupons by code, keyset-paged (`after` is the last code of the previous page). */
export async function listCoupons(db: Queryable, options: { after?: string; limit: number }): Promise<CouponListRow[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(options.after ? gt(coupons.code, options.after) : undefined)
    .orderBy(asc(coupons.code))
    .limit(options.limit);
  return rows.map((row) => ({ ...toCoupon(row), timesRedeemed: row.timesRedeemed }));
}

export interface CouponRedemption {
  id: string;
  customerId: string;
  orderId: string;
  createdAt: string;
}

/** A coupon's redemptions, newest first, keyset-paged on (created_at, id). */
export async function redemptionsOf(
  db: Queryable,
  code: string,
  options: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<CouponRedemption[]> {
  const before = options.before;
  const rows = await db
    .select()
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponCode, code),
        before
          ? or(lt(couponRedemptions.createdAt, before.createdAt), and(eq(couponRedemptions.createdAt, before.createdAt), lt(couponRedemptions.id, before.id)))
          : undefined,
      ),
    )
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(options.limit);
  return rows.map((r) => ({ id: r.id, customerId: r.customerId, orderId: r.orderId, createdAt: r.createdAt.toISOString() }));
}
