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
