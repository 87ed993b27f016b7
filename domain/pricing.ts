import { couponDiscount, type Coupon } from "./coupons";
import { cents, type Cents, type Currency } from "./money";
import type { PlanView } from "./plans";

/** What a plan costs with a coupon: the server's figure, shown as is by the UI. */
export interface CouponPlanPrice {
  planCode: string;
  productSku: string;
  currency: Currency;
  price: Cents;
  discount: Cents;
  discountedPrice: Cents;
}

export function priceWithCoupon(plan: PlanView, coupon: Coupon): CouponPlanPrice {
  const currency = plan.currency as Currency;
  const price = cents(plan.price);
  const discount = couponDiscount(coupon, plan.productSku, { amount: price, currency });
  return { planCode: plan.code, productSku: plan.productSku, currency, price, discount, discountedPrice: cents(price - discount) };
}

/** How long the browser keeps a plans answer (SPEC.md section 9: 600000 ms). */
export const PLAN_CACHE_MS = 600_000;
