import { and, eq, isNull } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import {
  ADD_ON_PLANS,
  delayedNextDate,
  familyOf,
  MAX_ADD_ON_QUANTITY,
  MONTHLY_PLAN,
  nextDateBounds,
  planMove,
  SAVINGS_PLAN,
  selectedNextDate,
  shipNowDate,
  toIsoDay,
} from "../../../domain/subscription-actions";
import type { PlanChange, SubscriptionAction } from "../../../domain/subscription-requests";
import { INTERNATIONAL_MAX_QUANTITY } from "../../../domain/quote";
import { nextDateForSupply } from "../../../domain/supply";
import { isPlanCode, type PlanCode, type PlanView, type PriceList } from "../../../domain/plans";
import type { Tx } from "../../db/client";
import { subscriptionAddOns, subscriptionChanges, subscriptionPreferences, subscriptions, supplyReports } from "../../db/schema";
import { listPlans, listProducts } from "../catalog";
import { agreePrice } from "../renewals";
import { dbOf, type Shop } from "../../shop";
import { nextChargeOf, ownSubscription, portalView, type PortalSubscription, type SubscriptionRecord } from "./portal";

/**
 * The member's actions on one subscription (SPEC.md sections 2 and 4). Each runs in one transaction on the locked row,
 * changes only what the NEXT charge does, and leaves a line in subscription_changes.
 */
export async function applySubscriptionAction(shop: Shop, customerId: string, id: string, action: SubscriptionAction): Promise<PortalSubscription> {
  const catalog = await catalogOf(shop, await ownSubscription(dbOf(shop), customerId, id));
  const row = await dbOf(shop).transaction(async (tx) => {
    const sub = await ownSubscription(tx, customerId, id, { lock: true });
    requireActive(sub);
    await ACTIONS[action.action]({ shop, tx, sub, catalog }, action as never);
    const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return fresh!;
  });
  return portalView(shop, row);
}

/**
 * The plans and quantity limits of the subscription's price list, read before its transaction opens: inside it every
 * query must use the transaction (PGlite has one connection, so another query would wait for the commit forever).
 */
interface Catalog {
  plan(code: string): PlanView;
  maxQuantity(productCode: string): number;
}

async function catalogOf(shop: Shop, sub: SubscriptionRecord): Promise<Catalog> {
  const [plans, products] = await Promise.all([listPlans(shop, sub.priceList as PriceList, sub.currency), listProducts(shop)]);
  return {
    plan: (code) => {
      const plan = plans.find((p) => p.code === code);
      if (!plan) throw new ShopError("PLAN_NOT_FOUND", "That plan is not sold in this subscription's currency.");
      return plan;
    },
    maxQuantity: (productCode) => products.find((p) => p.code === productCode)?.maxQuantity ?? 1,
  };
}

interface Step {
  shop: Shop;
  tx: Tx;
  sub: SubscriptionRecord;
  catalog: Catalog;
}

type Handler<A extends SubscriptionAction["action"]> = (step: Step, action: Extract<SubscriptionAction, { action: A }>) => Promise<void>;

const ACTIONS: { [A in SubscriptionAction["action"]]: Handler<A> } = {
  delay: ({ shop, tx, sub }, a) => moveNextDate(shop, tx, sub, delayedNextDate(sub.nextBillingAt, a.months, shop.clock.now()), `delay ${a.months} month(s)`),
  select_date: async ({ shop, tx, sub }, a) => {
    const date = selectedNextDate(a.date, sub.nextBillingAt, shop.clock.now());
    if (!date) {
      const { min, max } = nextDateBounds(shop.clock.now());
      throw new ShopError("VALIDATION_ERROR", `Pick a date between ${toIsoDay(min)} and ${toIsoDay(max)}.`);
    }
    await moveNextDate(shop, tx, sub, date, "select date");
  },
  ship_now: ({ shop, tx, sub }) => moveNextDate(shop, tx, sub, shipNowDate(shop.clock.now()), "ship now"),
  add_on: async ({ shop, tx, sub, catalog }, a) => {
    if (!isPlanCode(a.planCode) || !ADD_ON_PLANS.includes(a.planCode)) throw new ShopError("ITEM_NOT_AVAILABLE", "That item cannot be added to a shipment.");
    catalog.plan(a.planCode);
    const pending = await tx
      .select()
      .from(subscriptionAddOns)
      .where(and(eq(subscriptionAddOns.subscriptionId, sub.id), eq(subscriptionAddOns.planCode, a.planCode), isNull(subscriptionAddOns.consumedAt)));
    const already = pending.reduce((n, p) => n + p.quantity, 0);
    const max = sub.country === "US" ? MAX_ADD_ON_QUANTITY : INTERNATIONAL_MAX_QUANTITY;
    if (already + a.quantity > max) throw new ShopError("QUANTITY_NOT_ALLOWED", `At most ${max} of this item can ship with one delivery.`);
    await tx.insert(subscriptionAddOns).values({ subscriptionId: sub.id, planCode: a.planCode, quantity: a.quantity, addedAt: shop.clock.now() });
    await logChange(shop, tx, sub.id, "add_on", `${a.planCode} x ${a.quantity}`);
  },
  remove_add_on: async ({ shop, tx, sub, catalog }, a) => {
    const removed = await tx
      .delete(subscriptionAddOns)
      .where(and(eq(subscriptionAddOns.id, a.addOnId), eq(subscriptionAddOns.subscriptionId, sub.id), isNull(subscriptionAddOns.consumedAt)))
      .returning({ planCode: subscriptionAddOns.planCode });
    if (removed.length === 0) throw new ShopError("NOT_FOUND", "That item is no longer in your next shipment.");
    await logChange(shop, tx, sub.id, "remove_add_on", removed[0]!.planCode);
  },
  savings: async (step, a) => {
    const family = familyOf(step.sub.renewalPlanCode);
    if (!family) throw new ShopError("PLAN_NOT_FOUND", "Sustainable Refills are not offered for this subscription.");
    await changePlanIn(step, { planCode: a.enroll ? SAVINGS_PLAN[family] : MONTHLY_PLAN[family], quantity: step.sub.quantity });
  },
  too_much: async ({ shop, tx, sub }, a) => {
    const now = shop.clock.now();
    const date = nextDateForSupply({
      plan: sub.renewalPlanCode as PlanCode,
      capsulesLeft: a.capsulesLeft,
      quantity: sub.quantity,
      now,
      earliest: nextDateBounds(now).min,
      current: sub.nextBillingAt,
    });
    if (!date) throw new ShopError("PLAN_NOT_FOUND", "We do not know the pack size of this subscription.");
    const latest = nextDateBounds(now).max;
    const next = date > latest ? latest : date;
    await tx.insert(supplyReports).values({ subscriptionId: sub.id, capsulesLeft: a.capsulesLeft, previousBillingAt: sub.nextBillingAt, newBillingAt: next, reportedAt: now });
    await moveNextDate(shop, tx, sub, next, `too much: ${a.capsulesLeft} capsules left`);
  },
  confirm_each_charge: async ({ shop, tx, sub }, a) => {
    const now = shop.clock.now();
    await tx
      .insert(subscriptionPreferences)
      .values({ subscriptionId: sub.id, confirmEachCharge: a.enabled, updatedAt: now })
      .onConflictDoUpdate({ target: subscriptionPreferences.subscriptionId, set: { confirmEachCharge: a.enabled, updatedAt: now } });
    await logChange(shop, tx, sub.id, "confirm_each_charge", String(a.enabled));
  },
};

function requireActive(sub: SubscriptionRecord) {
  if (sub.status === "canceled") throw new ShopError("FORBIDDEN", "This subscription is canceled. Reactivate it first.");
}

async function moveNextDate(shop: Shop, tx: Tx, sub: SubscriptionRecord, next: Date, what: string) {
  await tx.update(subscriptions).set({ nextBillingAt: next }).where(eq(subscriptions.id, sub.id));
  await logChange(shop, tx, sub.id, "next_date", `${what}: ${sub.nextBillingAt.toISOString()} -> ${next.toISOString()}`);
}

async function logChange(shop: Shop, tx: Tx, subscriptionId: string, action: string, detail: string) {
  await tx.insert(subscriptionChanges).values({ subscriptionId, action, detail, changedAt: shop.clock.now() });
}

/** Checks a plan change and the quantity: the same product's refills (section 5), maxQuantity, one per parcel abroad. */
function checkPlanChange(catalog: Catalog, sub: SubscriptionRecord, change: PlanChange): PlanView {
  if (planMove(sub.renewalPlanCode, change.planCode) === "not_allowed") {
    throw new ShopError("PLAN_NOT_FOUND", "This subscription can only change to another refill plan of the same product.");
  }
  const plan = catalog.plan(change.planCode);
  const max = Math.min(catalog.maxQuantity(plan.productCode), sub.country === "US" ? Infinity : INTERNATIONAL_MAX_QUANTITY);
  if (change.quantity > max) throw new ShopError(sub.country === "US" ? "QUANTITY_NOT_ALLOWED" : "QUANTITY_NOT_ALLOWED_IN_COUNTRY");
  return plan;
}

async function changePlanIn({ shop, tx, sub, catalog }: Step, change: PlanChange) {
  const plan = checkPlanChange(catalog, sub, change);
  await tx
    .update(subscriptions)
    .set({
      renewalPlanCode: plan.code,
      productCode: plan.productCode,
      quantity: change.quantity,
      billingPeriodMonths: plan.domesticAttributes.billingPeriodLength ?? sub.billingPeriodMonths,
    })
    .where(eq(subscriptions.id, sub.id));
  // Another plan is charged at its list price from the next renewal: the price the preview showed and the member
  // confirmed. Without this the renewal would keep the old plan's agreed unit price (ADR 0030).
  if (plan.code !== sub.renewalPlanCode) await agreePrice(tx, sub.id, plan.price, sub.currency, shop.clock.now());
  await logChange(shop, tx, sub.id, "change_plan", `${sub.renewalPlanCode} x ${sub.quantity} -> ${plan.code} x ${change.quantity}`);
}

/** PUT /api/subscription/{id}/change: another refill plan of the same product, or another quantity, from the next charge on. */
export async function changeSubscriptionPlan(shop: Shop, customerId: string, id: string, change: PlanChange): Promise<PortalSubscription> {
  const catalog = await catalogOf(shop, await ownSubscription(dbOf(shop), customerId, id));
  const row = await dbOf(shop).transaction(async (tx) => {
    const sub = await ownSubscription(tx, customerId, id, { lock: true });
    requireActive(sub);
    await changePlanIn({ shop, tx, sub, catalog }, change);
    const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return fresh!;
  });
  return portalView(shop, row);
}

/** PUT /api/subscription/{id}/preview: the next charge if the change were made (nothing is written). */
export async function previewPlanChange(shop: Shop, customerId: string, id: string, change: PlanChange) {
  const sub = await ownSubscription(dbOf(shop), customerId, id);
  requireActive(sub);
  checkPlanChange(await catalogOf(shop, sub), sub, change);
  return { current: await nextChargeOf(shop, sub), proposed: await nextChargeOf(shop, sub, change) };
}
