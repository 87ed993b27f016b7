import type { PromoCoupon } from "../../domain/coupons";
import { ShopError } from "../../domain/errors";
import { cents, type Currency } from "../../domain/money";
import type { PlanCode, PlanView, PriceList } from "../../domain/plans";
import { quoteRenewal, type RenewalQuote } from "../../domain/renewal-quote";
import type { Queryable } from "../db/client";
import { findPlan } from "../modules/catalog";
import { findCoupon } from "../modules/coupons";
import { creditBalance } from "../modules/loyalty";
import { hasRetentionOffer, priceAgreementOf } from "../modules/renewals";
import { findSubscription, type SubscriptionRow } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

export interface NextCharge {
  quote: RenewalQuote;
  plan: PlanView;
}

/**
 * The price of a subscription's next charge, from the database: its renewal plan in its price list and currency, the
 * price it agreed to (a new price only after a 7-day notice), its forever coupon if still active, an unused retention
 * offer and the customer's credit. The renewal engine charges exactly this; the account pages show it.
 */
export async function quoteNextCharge(shop: Shop, sub: SubscriptionRow, chargeAt: Date, db: Queryable = dbOf(shop)): Promise<NextCharge> {
  const plan = await findPlan(shop, sub.renewalPlanCode as PlanCode, sub.priceList as PriceList, sub.currency);
  if (!plan) throw new ShopError("ITEM_NOT_AVAILABLE", `The plan ${sub.renewalPlanCode} has no ${sub.currency} price.`);
  const listPrice = cents(plan.price);
  const [price, coupon, retention, credit] = await Promise.all([
    priceAgreementOf(db, sub.id, listPrice),
    renewalCoupon(db, sub.couponCode),
    hasRetentionOffer(db, sub.id),
    creditBalance(db, sub.customerId, sub.currency),
  ]);
  const quote = quoteRenewal({
    subscription: { quantity: sub.quantity, country: sub.country, currency: sub.currency as Currency, billingPeriodMonths: sub.billingPeriodMonths },
    plan: { code: plan.code, sku: plan.productSku, name: plan.name, listPrice },
    chargeAt,
    price,
    coupon,
    retentionDiscount: retention,
    creditBalance: credit,
  });
  return { quote, plan };
}

/** The next charge of a subscription by id (the portal's "price of the next charge"). */
export async function previewNextCharge(shop: Shop, subscriptionId: string): Promise<NextCharge> {
  const sub = await findSubscription(dbOf(shop), subscriptionId);
  if (!sub) throw new ShopError("NOT_FOUND", "No such subscription.");
  return quoteNextCharge(shop, sub, sub.nextBillingAt);
}

/** A coupon reaches renewals only with duration forever and while it is active. */
async function renewalCoupon(db: Queryable, code: string | null): Promise<PromoCoupon | null> {
  if (!code) return null;
  const found = await findCoupon(db, code);
  if (!found || !found.coupon.active || found.coupon.duration !== "forever") return null;
  return found.coupon;
}
