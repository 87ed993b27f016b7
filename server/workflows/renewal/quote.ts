import { ShopError } from "../../../domain/errors";
import { cents, type Currency } from "../../../domain/money";
import type { PlanCode, PlanView, PriceList } from "../../../domain/plans";
import type { Quote } from "../../../domain/quote";
import { type RenewalAddOn, type RenewalQuote } from "../../../domain/renewal-quote";
import { findPlan } from "../../modules/catalog";
import { type SubscriptionRow } from "../../modules/subscriptions";
import { type Shop } from "../../shop";
import { type Facts } from "./facts";

/** Step one of a renewal: what it costs and what its order holds (the plan, add-ons, the order's quote, the shipment notice). */

/**
 * A held subscription's renewal order is held too (ADR 0057): not in the account's history, invoice, export or points
 * until the address is proven, whose claim takes it with the subscription's checkout order.
 */
export const heldAtOf = (sub: SubscriptionRow, now: Date): Date | null => (sub.heldAt ? now : null);

/** The plan a subscription renews as, in its price list and currency. */
export async function renewalPlanOf(shop: Shop, sub: SubscriptionRow): Promise<PlanView> {
  const plan = await findPlan(shop, sub.renewalPlanCode as PlanCode, sub.priceList as PriceList, sub.currency);
  if (!plan) throw new ShopError("ITEM_NOT_AVAILABLE", `The plan ${sub.renewalPlanCode} has no ${sub.currency} price.`);
  return plan;
}

/** The portal's one-time add-ons, priced in the subscription's price list (an add-on no longer sold is left for later). */
export async function addOnsOf(shop: Shop, sub: SubscriptionRow, addOns: { id: string; planCode: string; quantity: number }[]): Promise<RenewalAddOn[]> {
  const out: RenewalAddOn[] = [];
  for (const a of addOns) {
    const plan = await findPlan(shop, a.planCode as PlanCode, sub.priceList as PriceList, sub.currency);
    if (plan) out.push({ id: a.id, productCode: plan.productCode, image: plan.image, code: plan.code, sku: plan.productSku, name: plan.name, listPrice: cents(plan.price), quantity: a.quantity });
  }
  return out;
}

export function shipment(f: Facts, now: Date) {
  return { to: f.email, productName: f.plan.name, quantity: f.sub.quantity, amount: f.quote.total, currency: f.quote.currency, country: f.sub.country, chargeAt: now };
}

/** The renewal as an order: one line of the renewal plan, its discounts (credit shown as one), shipping and total. */
export function orderQuoteOf(q: RenewalQuote, plan: PlanView, sub: SubscriptionRow): Quote {
  const discounts = q.discounts.map((d) => ({ code: d.code, kind: "promo" as const, amount: d.amount }));
  if (q.creditApplied > 0) discounts.push({ code: "CREDIT", kind: "promo", amount: q.creditApplied });
  return {
    currency: q.currency as Currency,
    country: q.country,
    lines: [
      {
        productCode: plan.productCode,
        planCode: plan.code,
        sku: plan.productSku,
        name: plan.name,
        image: plan.image,
        quantity: q.line.quantity,
        unitPrice: q.line.unitPrice,
        listTotal: q.line.listTotal,
        discount: q.line.discount,
        total: q.line.total,
        isSrp: true,
        billingPeriodMonths: sub.billingPeriodMonths as 1 | 3 | 6,
        renewsInto: null,
        bonus: false,
      },
      ...(q.addOns ?? []).map((a) => ({
        productCode: a.productCode,
        planCode: a.planCode,
        sku: a.sku,
        name: a.name,
        image: a.image,
        quantity: a.quantity,
        unitPrice: a.unitPrice,
        listTotal: a.total,
        discount: cents(0),
        total: a.total,
        isSrp: false,
        billingPeriodMonths: null,
        renewsInto: null,
        bonus: false,
      })),
    ],
    subtotal: q.subtotal,
    discounts,
    discountTotal: cents(q.discountTotal + q.creditApplied),
    shipping: q.shipping,
    total: q.total,
    preorderMessage: null,
    // A renewal carries no promo code typed by the shopper, so none can fail to apply.
    promoNotApplied: null,
  };
}
