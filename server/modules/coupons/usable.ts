import { couponProblem, type Coupon } from "../../../domain/coupons";
import { ShopError } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import type { Queryable } from "../../db/client";
import { findCoupon, redemptionsBy } from "./coupons";

export interface UsableFacts {
  now: Date;
  customerId: string | null;
  /** Null while unknown (before checkout knows the shopper). */
  isFirstOrder: boolean | null;
}

/** The coupon if it can be used now by this shopper, else INVALID_COUPON with SPEC's words 'Invalid promo code'. */
export async function usableCoupon(db: Queryable, code: string, facts: UsableFacts): Promise<Coupon> {
  const found = await findCoupon(db, code);
  if (!found) throw new ShopError("INVALID_COUPON", MESSAGES.invalidPromo);
  const problem = couponProblem(found.coupon, {
    now: facts.now,
    totalRedemptions: found.timesRedeemed,
    customerRedemptions: facts.customerId ? await redemptionsBy(db, code, facts.customerId) : null,
    isFirstOrder: facts.isFirstOrder,
  });
  if (problem) throw new ShopError("INVALID_COUPON", MESSAGES.invalidPromo);
  return found.coupon;
}

/** Auto coupons that apply now (active and inside their window); they carry no per-shopper limits. */
export async function usableAutoCoupons(db: Queryable, codes: readonly (string | null)[], now: Date): Promise<Coupon[]> {
  const usable: Coupon[] = [];
  for (const code of new Set(codes.filter((c): c is string => Boolean(c)))) {
    const found = await findCoupon(db, code);
    const problem = found && couponProblem(found.coupon, { now, totalRedemptions: found.timesRedeemed, customerRedemptions: null, isFirstOrder: null });
    if (found && !problem) usable.push(found.coupon);
  }
  return usable;
}
