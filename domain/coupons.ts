import { cents, type Cents, type Currency, type Money } from "./money";

/** Coupons of SPEC.md sections 3 and 5, plus the limits a real shop needs. */
export type CouponType = "fixed" | "percent";
/** once: the first order only; forever: that order and every renewal. */
export type CouponDuration = "once" | "forever";

export interface Coupon {
  code: string;
  type: CouponType;
  /** fixed: minor units of `currency`; percent: a percentage such as 25 or 12.5. */
  value: number;
  /** The currency of a fixed coupon; it gives nothing on prices in another currency. Null for percent coupons. */
  currency: Currency | null;
  /** Skus the coupon applies to, or "all". */
  plans: readonly string[] | "all";
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
  firstOrderOnly: boolean;
  duration: CouponDuration;
  active: boolean;
}

/**
 * A promo coupon as pricing and the browser use it: what it takes off and on which plans. Limits and dates are checked
 * before a coupon gets here; the server recomputes everything at checkout.
 */
export type PromoCoupon = Pick<Coupon, "code" | "type" | "value" | "currency" | "plans">;

/** Codes are matched without case and surrounding spaces. */
export function normaliseCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** A code we could ever have issued: letters, digits, - and _, at most 40 characters. */
export function isWellFormedCouponCode(code: string): boolean {
  return /^[A-Z0-9][A-Z0-9_-]{0,39}$/.test(code);
}

export function couponAppliesTo(coupon: Pick<Coupon, "plans">, sku: string): boolean {
  return coupon.plans === "all" || coupon.plans.includes(sku);
}

/**
 * SPEC.md section 5: if the coupon applies to the sku or to 'all', a fixed coupon gives its value and a percent
 * coupon gives price × value / 100 rounded to the cent (half up, once); otherwise 0. A discount never exceeds the price.
 */
export function couponDiscount(coupon: Pick<Coupon, "type" | "value" | "currency" | "plans">, sku: string, price: Money): Cents {
  if (!couponAppliesTo(coupon, sku) || price.amount <= 0) return cents(0);
  if (coupon.type === "fixed") {
    if (coupon.currency !== price.currency) return cents(0);
    return cents(Math.min(Math.max(0, Math.round(coupon.value)), price.amount));
  }
  const basisPoints = Math.round(coupon.value * 100);
  const discount = Math.floor((price.amount * basisPoints + 5000) / 10000);
  return cents(Math.min(Math.max(0, discount), price.amount));
}

export type CouponProblem = "inactive" | "not_started" | "expired" | "used_up" | "customer_limit" | "first_order_only";

export interface RedemptionFacts {
  now: Date;
  totalRedemptions: number;
  /** Null for a shopper we cannot identify yet; per-customer limits are checked again when the order is placed. */
  customerRedemptions: number | null;
  /** Null when unknown (anonymous shopper before checkout). */
  isFirstOrder: boolean | null;
}

/** Why a coupon cannot be used now, or null when it can. */
export function couponProblem(coupon: Coupon, facts: RedemptionFacts): CouponProblem | null {
  if (!coupon.active) return "inactive";
  if (coupon.startsAt && facts.now < coupon.startsAt) return "not_started";
  if (coupon.endsAt && facts.now >= coupon.endsAt) return "expired";
  if (coupon.maxRedemptions !== null && facts.totalRedemptions >= coupon.maxRedemptions) return "used_up";
  if (coupon.maxPerCustomer !== null && facts.customerRedemptions !== null && facts.customerRedemptions >= coupon.maxPerCustomer)
    return "customer_limit";
  if (coupon.firstOrderOnly && facts.isFirstOrder === false) return "first_order_only";
  return null;
}

/** Whether a coupon still discounts the nth charge of a subscription (1 = the first order). */
export function couponAppliesToCharge(coupon: Pick<Coupon, "duration">, chargeNumber: number): boolean {
  return coupon.duration === "forever" || chargeNumber === 1;
}

/** SPEC.md section 4: the first auto coupon code among the cart's products (in cart order) is used. */
export function autoCouponCode(products: readonly { domesticAttributes: { autoCouponCode: string | null } }[]): string | null {
  for (const product of products) {
    const code = product.domesticAttributes.autoCouponCode;
    if (code) return code;
  }
  return null;
}
