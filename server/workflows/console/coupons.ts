import type { Coupon } from "../../../domain/coupons";
import { ShopError } from "../../../domain/errors";
import { createCoupon, updateCoupon, type CouponInput } from "../../modules/coupons";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

export async function createCouponAction(shop: Shop, actor: ConsoleActor, code: string, input: CouponInput): Promise<Coupon> {
  return consoleAction(shop, actor, "coupons.edit", async (tx, now) => {
    const coupon = await createCoupon(tx, code, input, now);
    if (!coupon) throw new ShopError("VALIDATION_ERROR", `There is already a coupon ${code}.`);
    return { result: coupon, audit: { targetType: "coupon", targetId: code, before: null, after: coupon } };
  });
}

export async function updateCouponAction(shop: Shop, actor: ConsoleActor, code: string, input: CouponInput): Promise<Coupon> {
  return consoleAction(shop, actor, "coupons.edit", async (tx) => {
    const change = await updateCoupon(tx, code, input);
    if (!change) throw new ShopError("NOT_FOUND", "There is no such coupon.");
    return { result: change.after, audit: { targetType: "coupon", targetId: code, before: change.before, after: change.after } };
  });
}
