import { noticeCoversCharge } from "./billing-dates";
import { couponDiscount, type PromoCoupon } from "./coupons";
import { cents, type Cents, type Currency } from "./money";
import type { PlanCode } from "./plans";
import { defaultShippingMethod, SHIPPING_LABELS, shippingFee, type ShippingMethod } from "./shipping";

/**
 * The price of a subscription's next charge: what the renewal engine charges and what the account pages show as
 * "your next charge". One function so the two never disagree (ADR 0010).
 */

/** SPEC.md section 9: the retention offer takes 20% off the next shipment, once. */
export const RETENTION_DISCOUNT_PERCENT = 20;
export const RETENTION_DISCOUNT_CODE = "RETENTION-20";

/** The plan a subscription renews as, priced in its own price list and currency. */
export interface RenewalPlan {
  code: PlanCode;
  sku: string;
  name: string;
  /** The list price now, minor units of the subscription's currency. */
  listPrice: Cents;
}

/**
 * What the subscriber agreed to pay per unit, and any notice of a new price. A new list price applies only to a charge
 * at least 7 days after its notice was sent; until then the agreed price holds.
 */
export interface PriceAgreement {
  agreedPrice: Cents;
  notice: { price: Cents; sentAt: Date } | null;
}

export interface RenewalQuoteInput {
  subscription: {
    quantity: number;
    country: string;
    currency: Currency;
    /** Months between charges after this one (the refill's period for a starter kit). */
    billingPeriodMonths: number;
  };
  plan: RenewalPlan;
  /** When the charge is made (the due date, or now for a late one). */
  chargeAt: Date;
  /** Null: the subscriber is charged the list price (no agreement recorded yet). */
  price: PriceAgreement | null;
  /** A coupon with duration forever, still active; a coupon of duration once never reaches a renewal. */
  coupon: PromoCoupon | null;
  /** The retention offer was accepted and not used yet. */
  retentionDiscount: boolean;
  /** Credit available to the subscriber (referral rewards), minor units of the subscription's currency. */
  creditBalance: Cents;
  /**
   * One-time items the member added to this shipment only (the portal's add-ons), at their list price now. No coupon or
   * retention discount applies to them; they count for the section 9 shipping rules; credit covers them too.
   */
  extras?: { plan: RenewalPlan; quantity: number }[];
}

export interface RenewalQuoteLine {
  planCode: PlanCode;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: Cents;
  listTotal: Cents;
  discount: Cents;
  total: Cents;
  billingPeriodMonths: number;
}

export interface RenewalDiscount {
  code: string;
  kind: "coupon" | "retention";
  amount: Cents;
}

export interface RenewalQuote {
  currency: Currency;
  country: string;
  line: RenewalQuoteLine;
  /** The one-time items of this shipment (each charged once, then gone). */
  extras: RenewalQuoteLine[];
  subtotal: Cents;
  discounts: RenewalDiscount[];
  discountTotal: Cents;
  shipping: { method: ShippingMethod; label: string; amount: Cents };
  /** Credit taken off the total; the engine consumes exactly this much. */
  creditApplied: Cents;
  /** What the card is charged (may be 0 when credit covers it all). */
  total: Cents;
  /** The unit price a subscriber now agrees to (a noticed new price, once it has been charged). */
  agreedPrice: Cents;
  /** Whether this charge uses up the retention discount (a line already free keeps it for a later charge). */
  retentionConsumed: boolean;
}

/** The unit price a charge at `chargeAt` uses: the agreed price, or a new list price whose notice came 7+ days before. */
export function effectiveUnitPrice(listPrice: Cents, price: PriceAgreement | null, chargeAt: Date): Cents {
  if (!price || price.agreedPrice === listPrice) return listPrice;
  const noticed = price.notice && price.notice.price === listPrice && noticeCoversCharge(price.notice.sentAt, chargeAt);
  return noticed ? listPrice : price.agreedPrice;
}

/**
 * Prices the next charge: plan price × quantity, the forever coupon, then the one-time retention discount on what is
 * left of the line, the one-time items at list price, shipping by SPEC.md section 9 (the country's default method; a renewal is never expedited), and
 * finally credit against the total. Every amount is whole minor units; nothing goes below zero.
 */
export function quoteRenewal(input: RenewalQuoteInput): RenewalQuote {
  const { subscription: sub, plan } = input;
  if (!Number.isInteger(sub.quantity) || sub.quantity < 1) throw new RangeError(`a subscription's quantity is a whole number >= 1: ${sub.quantity}`);
  const country = sub.country.toUpperCase();
  const unitPrice = effectiveUnitPrice(plan.listPrice, input.price, input.chargeAt);
  const listTotal = cents(unitPrice * sub.quantity);
  const discounts: RenewalDiscount[] = [];

  let remaining = listTotal as number;
  if (input.coupon) {
    const off = Math.min(remaining, couponDiscount(input.coupon, plan.sku, { amount: listTotal, currency: sub.currency }));
    if (off > 0) discounts.push({ code: input.coupon.code, kind: "coupon", amount: cents(off) });
    remaining -= off;
  }
  if (input.retentionDiscount && remaining > 0) {
    const off = Math.floor((remaining * RETENTION_DISCOUNT_PERCENT + 50) / 100);
    if (off > 0) discounts.push({ code: RETENTION_DISCOUNT_CODE, kind: "retention", amount: cents(off) });
    remaining -= off;
  }
  const discountTotal = cents(listTotal - remaining);
  const extras: RenewalQuoteLine[] = (input.extras ?? []).map(({ plan: p, quantity }) => {
    if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`a one-time item's quantity is a whole number >= 1: ${quantity}`);
    const total = cents(p.listPrice * quantity);
    return { planCode: p.code, sku: p.sku, name: p.name, quantity, unitPrice: p.listPrice, listTotal: total, discount: cents(0), total, billingPeriodMonths: 0 };
  });
  const extrasTotal = extras.reduce((n, e) => n + e.total, 0);
  const method = defaultShippingMethod(country);
  const shippingAmount = cents(shippingFee(method, country, [plan.code, ...extras.map((e) => e.planCode)]));
  const beforeCredit = remaining + extrasTotal + shippingAmount;
  const creditApplied = cents(Math.max(0, Math.min(input.creditBalance, beforeCredit)));
  return {
    currency: sub.currency,
    country,
    line: {
      planCode: plan.code,
      sku: plan.sku,
      name: plan.name,
      quantity: sub.quantity,
      unitPrice,
      listTotal,
      discount: discountTotal,
      total: cents(remaining),
      billingPeriodMonths: sub.billingPeriodMonths,
    },
    extras,
    subtotal: cents(listTotal + extrasTotal),
    discounts,
    discountTotal,
    shipping: { method, label: SHIPPING_LABELS[method], amount: shippingAmount },
    creditApplied,
    total: cents(beforeCredit - creditApplied),
    agreedPrice: unitPrice,
    retentionConsumed: discounts.some((d) => d.kind === "retention"),
  };
}
