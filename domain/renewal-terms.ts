import { addMonths } from "./billing-dates";
import type { Coupon, PromoCoupon } from "./coupons";
import { cents, type Cents, type Currency } from "./money";
import { firstRenewalMonths, type PlanCode, type PlanView } from "./plans";
import type { Quote } from "./quote";
import { quoteRenewal } from "./renewal-quote";

/**
 * What a shopper is told before paying for a subscription (issue 34; California's automatic renewal law and the FTC's
 * negative-option rule ask for the same four facts): what it renews as, for how much, how often, from when, and how to
 * cancel. The price comes from quoteRenewal, the function the renewal engine charges with, so the words at checkout
 * are the amount the card is charged; the first renewal date from firstRenewalMonths, which places the subscription.
 */

/** The coupon facts the disclosure needs: whether it keeps taking money off the renewals, and its limits. */
export type DisclosedCoupon = PromoCoupon & Partial<Pick<Coupon, "duration" | "firstOrderOnly" | "maxPerCustomer">> & { endsAt?: Date | string | null };

export interface RenewalTerm {
  /** The plan the shopper buys now (a starter kit, or the subscription itself). */
  planCode: PlanCode;
  /** The plan each renewal charges and ships. */
  renewalPlanCode: PlanCode;
  renewalName: string;
  quantity: number;
  /** Each renewal's charge: the renewal plan × quantity, a coupon that lasts forever, and the renewal's shipping. */
  price: Cents;
  /** Of which shipping (an international fee, for example). */
  shipping: Cents;
  currency: Currency;
  periodMonths: number;
  /** Months from the order to the first renewal (a starter kit may last longer than its refill's period). */
  firstRenewalMonths: number;
  firstRenewalAt: Date;
  /** A coupon that keeps taking money off every renewal, by code. A first-order coupon never reaches a renewal. */
  couponKept: string | null;
}

export interface RenewalTermsInput {
  quote: Pick<Quote, "lines" | "country" | "currency">;
  /** The plans of the shopper's price list (the renewal plan of each starter kit among them). */
  plans: readonly Pick<PlanView, "code" | "name" | "productSku" | "price">[];
  /** The coupons applied to this order, with their duration when known (unknown counts as first order only). */
  coupons: readonly DisclosedCoupon[];
  /** When the order is placed: the shop's clock on the server, the browser's clock in the page. */
  now: Date;
}

/** One term per subscription line of the quote; one-time lines and free bonus products renew nothing. */
export function renewalTerms(input: RenewalTermsInput): RenewalTerm[] {
  const terms: RenewalTerm[] = [];
  for (const line of input.quote.lines) {
    if (!line.isSrp || line.bonus || !line.planCode || !line.billingPeriodMonths) continue;
    const renewalCode = line.renewsInto ?? line.planCode;
    const plan = input.plans.find((p) => p.code === renewalCode);
    if (!plan) continue;
    const forever = input.coupons.find((c) => c.duration === "forever") ?? null;
    const untilFirst = firstRenewalMonths(line.planCode, line.billingPeriodMonths);
    const renewal = quoteRenewal({
      subscription: { quantity: line.quantity, country: input.quote.country, currency: input.quote.currency, billingPeriodMonths: line.billingPeriodMonths },
      plan: { code: plan.code, sku: plan.productSku, name: plan.name, listPrice: cents(plan.price) },
      chargeAt: input.now,
      price: null,
      coupon: forever,
      retentionDiscount: false,
      creditBalance: cents(0),
    });
    terms.push({
      planCode: line.planCode,
      renewalPlanCode: plan.code,
      renewalName: plan.name,
      quantity: line.quantity,
      price: renewal.total,
      shipping: renewal.shipping.amount,
      currency: input.quote.currency,
      periodMonths: line.billingPeriodMonths,
      firstRenewalMonths: untilFirst,
      firstRenewalAt: addMonths(input.now, untilFirst),
      couponKept: renewal.discounts.length > 0 && forever ? forever.code : null,
    });
  }
  return terms;
}

/** "every month", "every 3 months". */
export function renewalFrequency(periodMonths: number): string {
  return periodMonths === 1 ? "every month" : `every ${periodMonths} months`;
}

/** The words of the consent box beside Place order; the order records a hash of these and HOW_TO_CANCEL (ADR 0063). */
export const RENEWAL_CONSENT_LABEL = "I agree that my subscription renews automatically at the price and frequency above until I cancel.";

/** Said when Place order is pressed without the consent box ticked, by the browser and by the server alike. */
export const RENEWAL_CONSENT_MESSAGE = "Please confirm that you agree to the automatic renewal to continue.";

/** How a subscriber cancels, in the words every disclosure uses: online, any time, no call. */
export const HOW_TO_CANCEL =
  "Cancel any time before a renewal date from your account's Subscriptions page or the link in every order and reminder email, online, without calling us. We email you 3 days before each renewal.";

/**
 * A coupon's limits in plain words, shown wherever the coupon is applied: whether it lasts beyond this order, once per
 * customer, and its end date (formatted by the caller's `formatDate`).
 */
export function couponLimits(coupon: DisclosedCoupon, formatDate: (date: Date) => string): string[] {
  const limits: string[] = [];
  limits.push(coupon.duration === "forever" ? "Takes the same off every renewal" : "This order only: renewals are charged the full price");
  if (coupon.firstOrderOnly) limits.push("New customers only (a first order with us)");
  if (coupon.maxPerCustomer === 1) limits.push("Once per customer");
  else if (coupon.maxPerCustomer) limits.push(`Up to ${coupon.maxPerCustomer} times per customer`);
  const endsAt = coupon.endsAt ? new Date(coupon.endsAt) : null;
  if (endsAt && !Number.isNaN(endsAt.getTime())) limits.push(`Ends ${formatDate(endsAt)}`);
  return limits;
}
