import type { PromoCoupon } from "../../../domain/coupons";
import { ShopError } from "../../../domain/errors";
import { cents, type Currency } from "../../../domain/money";
import { isPlanCode, type PlanCode, type PlanView, type PriceList } from "../../../domain/plans";
import { quoteRenewal, type RenewalAddOn, type RenewalPlan, type RenewalQuote } from "../../../domain/renewal-quote";
import type { Queryable } from "../../db/client";
import { findPlan } from "../catalog";
import { findCoupon } from "../coupons";
import { creditBalance } from "../loyalty";
import { hasRetentionOffer, priceAgreementOf } from "../renewals";
import { dbOf, type Shop } from "../../shop";
import { pendingAddOns } from "./portal";
import { findSubscription, type SubscriptionRow } from "./billing";

export interface NextCharge {
  quote: RenewalQuote;
  plan: PlanView;
}

/** What a preview changes before the member confirms: another plan of the group, another quantity, the save offer. */
export interface NextChargeWhatIf {
  planCode?: string;
  quantity?: number;
  /** Price it as if the retention offer (20% off the next shipment) were accepted: the cancel screen's offer. */
  retentionDiscount?: boolean;
}

/**
 * The price of a subscription's next charge, from the database: its renewal plan in its price list and currency, the
 * price it agreed to (a new price only after a 7-day notice), its forever coupon if still active, an unused retention
 * offer, the one-time items waiting for this shipment and the customer's credit. The renewal engine charges exactly
 * this (server/workflows/renew-subscription.ts); the portal shows it (one calculation, ADR 0030).
 *
 * `whatIf` prices a change before it is made (PUT /api/subscription/{id}/change/preview). A new plan is priced at its
 * list price, which is what the member agrees to when the change is confirmed (changePlan records it).
 */
export async function quoteNextCharge(shop: Shop, sub: SubscriptionRow, chargeAt: Date, db: Queryable = dbOf(shop), whatIf: NextChargeWhatIf = {}): Promise<NextCharge> {
  const planCode = whatIf.planCode ?? sub.renewalPlanCode;
  const plan = await renewalPlan(shop, sub, planCode);
  const listPrice = cents(plan.price);
  const samePlan = planCode === sub.renewalPlanCode;
  const [price, coupon, retention, credit, addOns] = await Promise.all([
    samePlan ? priceAgreementOf(db, sub.id, listPrice) : null,
    renewalCoupon(db, sub.couponCode),
    whatIf.retentionDiscount ? true : hasRetentionOffer(db, sub.id),
    // A held subscription (ADR 0057) spends none of the account's credit, as the renewal engine charges it.
    sub.heldAt ? cents(0) : creditBalance(db, sub.customerId, sub.currency),
    pendingAddOns(db, sub.id),
  ]);
  // One-time add-ons ship with this charge at their list price; one no longer sold in this currency waits.
  const priced = await Promise.all(addOns.map(async (a) => ({ a, p: await findPlanOrNull(shop, sub, a.planCode) })));
  const extras: RenewalAddOn[] = priced.flatMap(({ a, p }) =>
    p ? [{ id: a.id, productCode: p.productCode, image: p.image, code: p.code, sku: p.productSku, name: p.name, listPrice: cents(p.price), quantity: a.quantity }] : [],
  );
  const quote = quoteRenewal({
    subscription: {
      quantity: whatIf.quantity ?? sub.quantity,
      country: sub.country,
      currency: sub.currency as Currency,
      billingPeriodMonths: samePlan ? sub.billingPeriodMonths : (plan.domesticAttributes.billingPeriodLength ?? sub.billingPeriodMonths),
    },
    plan: asRenewalPlan(plan),
    chargeAt,
    price,
    coupon,
    retentionDiscount: retention,
    creditBalance: credit,
    addOns: extras,
  });
  return { quote, plan };
}

/** The next charge of a subscription by id, as of its next billing date (the operator's preview). */
export async function previewNextCharge(shop: Shop, subscriptionId: string): Promise<NextCharge> {
  const sub = await findSubscription(dbOf(shop), subscriptionId);
  if (!sub) throw new ShopError("NOT_FOUND", "No such subscription.");
  return quoteNextCharge(shop, sub, sub.nextBillingAt);
}

async function findPlanOrNull(shop: Shop, sub: Pick<SubscriptionRow, "priceList" | "currency">, code: string): Promise<PlanView | null> {
  return isPlanCode(code) ? await findPlan(shop, code as PlanCode, sub.priceList as PriceList, sub.currency) : null;
}

async function renewalPlan(shop: Shop, sub: Pick<SubscriptionRow, "priceList" | "currency">, code: string): Promise<PlanView> {
  const plan = await findPlanOrNull(shop, sub, code);
  if (!plan) throw new ShopError("ITEM_NOT_AVAILABLE", `The plan ${code} has no ${sub.currency} price.`);
  return plan;
}

const asRenewalPlan = (plan: PlanView): RenewalPlan => ({ code: plan.code, sku: plan.productSku, name: plan.name, listPrice: cents(plan.price) });

/** A coupon reaches renewals only with duration forever and while it is active. */
export async function renewalCoupon(db: Queryable, code: string | null): Promise<PromoCoupon | null> {
  if (!code) return null;
  const found = await findCoupon(db, code);
  if (!found || !found.coupon.active || found.coupon.duration !== "forever") return null;
  return found.coupon;
}
