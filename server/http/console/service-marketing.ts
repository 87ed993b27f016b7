import { type Permission } from "../../../domain/console-access";
import type { CouponInput } from "../../modules/coupons";
import { ShopError } from "../../../domain/errors";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "../../../domain/keyset";
import { findCoupon, listCoupons, redemptionsOf } from "../../modules/coupons";
import { reviewQueue } from "../../modules/referrals";
import { dbOf, type Shop } from "../../shop";
import { createCouponAction, decideReferralAction, updateCouponAction, type ConsoleActor } from "../../workflows/console";
import { paged } from "./service-paging";

/** The console's referrals held for review and its coupons. Part of consoleService. */
export function marketingService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    /** Referrals held for review (self-referral signals, the monthly cap), oldest first. */
    async referralQueue() {
      allow("referrals.review");
      const rows = await reviewQueue(db, 100);
      return rows.map((r) => ({ id: r.id, referrerId: r.referrerId, friendId: r.friendId, orderId: r.orderId, flags: r.flags, createdAt: r.createdAt.toISOString(), rewardDueAt: r.rewardDueAt.toISOString() }));
    },

    async decideReferral(id: string, decision: "approve" | "reject") {
      allow("referrals.review");
      return decideReferralAction(shop, actor, { id, decision });
    },

    async coupons(input: { after?: string; limit?: number }) {
      allow("coupons.read");
      const limit = pageSize(input.limit);
      return paged(await listCoupons(db, { after: input.after || undefined, limit }), limit, (row) => row.code);
    },

    async coupon(code: string, input: { before?: string; limit?: number } = {}) {
      allow("coupons.read");
      const found = await findCoupon(db, code);
      if (!found) throw new ShopError("NOT_FOUND", "There is no such coupon.");
      const limit = pageSize(input.limit);
      const cursor = decodeTimeIdCursor(input.before);
      const redemptions = await redemptionsOf(db, code, { before: cursor && { createdAt: cursor.at, id: cursor.id }, limit });
      return { coupon: found.coupon, timesRedeemed: found.timesRedeemed, redemptions: paged(redemptions, limit, encodeTimeIdCursor) };
    },

    async createCoupon(code: string, input: CouponInput) {
      allow("coupons.edit");
      return createCouponAction(shop, actor, code, input);
    },

    async updateCoupon(code: string, input: CouponInput) {
      allow("coupons.edit");
      return updateCouponAction(shop, actor, code, input);
    },
  };
}
