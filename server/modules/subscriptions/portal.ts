import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import type { RenewalQuote } from "../../../domain/renewal-quote";
import { isPlanCode, type PlanCode, type PlanView, type PriceList } from "../../../domain/plans";
import { isHeld } from "../../../domain/subscriptions";
import type { Queryable } from "../../db/client";
import { retentionDecisions, subscriptionAddOns, subscriptionPreferences, subscriptions } from "../../db/schema";
import type { Address } from "../../../domain/address";
import { findPlan } from "../catalog";
import { findPaymentMethods } from "../payments";
import { hasRetentionOffer } from "../renewals";
import { dbOf, type Shop } from "../../shop";
import { quoteNextCharge, type NextChargeWhatIf } from "./next-charge";

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

/** A subscription as its member sees it in the portal (/account/subscriptions/ and GET /ecommerce/subscription/). */
export interface PortalSubscription {
  id: string;
  status: "active" | "canceled";
  held: boolean;
  productCode: string;
  planCode: PlanCode;
  planName: string;
  image: string;
  quantity: number;
  billingPeriodMonths: number;
  nextBillingAt: string;
  currency: string;
  country: string;
  activatedAt: string;
  canceledAt: string | null;
  confirmEachCharge: boolean;
  addOns: { id: string; planCode: PlanCode; name: string; quantity: number }[];
  /** An accepted retention offer that the next charge will use. */
  retentionPercentOff: number | null;
  /** What the next charge costs (only while the subscription is active): exactly what the renewal will charge. */
  nextCharge: RenewalQuote | null;
  /** Where the renewals ship: the subscription's own address (the renewal engine ships there). */
  shipTo: Address;
  /** The card the renewals charge (brand and last four only), or null when none is on file. */
  payment: { brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/**
 * The member's own subscription row, locked when asked. Someone else's subscription reads as not found: the answer
 * does not tell an attacker whether the id exists.
 */
export async function ownSubscription(db: Queryable, customerId: string, id: string, options: { lock?: boolean } = {}): Promise<SubscriptionRecord> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ShopError("NOT_FOUND", "There is no such subscription.");
  const query = db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customerId))).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new ShopError("NOT_FOUND", "There is no such subscription.");
  return row;
}

export const priceListOf = (row: SubscriptionRecord) => row.priceList as PriceList;

export async function planOf(shop: Shop, row: Pick<SubscriptionRecord, "priceList" | "currency">, code: string): Promise<PlanView> {
  const plan = isPlanCode(code) ? await findPlan(shop, code, row.priceList as PriceList, row.currency) : null;
  if (!plan) throw new ShopError("PLAN_NOT_FOUND", "That plan is not sold in this subscription's currency.");
  return plan;
}

export async function pendingAddOns(db: Queryable, subscriptionId: string) {
  return db
    .select()
    .from(subscriptionAddOns)
    .where(and(eq(subscriptionAddOns.subscriptionId, subscriptionId), isNull(subscriptionAddOns.consumedAt)))
    .orderBy(asc(subscriptionAddOns.addedAt));
}

/**
 * The accepted retention offer waiting for the next charge, if any: accepted here, and not yet used by a renewal
 * (the renewal engine consumes its grant in the renewals module).
 */
export async function pendingRetentionOffer(db: Queryable, subscriptionId: string) {
  if (!(await hasRetentionOffer(db, subscriptionId))) return null;
  const [row] = await db
    .select()
    .from(retentionDecisions)
    .where(and(eq(retentionDecisions.subscriptionId, subscriptionId), eq(retentionDecisions.outcome, "accepted"), isNull(retentionDecisions.consumedAt)))
    .orderBy(desc(retentionDecisions.offeredAt))
    .limit(1);
  return row ?? null;
}

export async function confirmsEachCharge(db: Queryable, subscriptionId: string): Promise<boolean> {
  const [row] = await db.select().from(subscriptionPreferences).where(eq(subscriptionPreferences.subscriptionId, subscriptionId)).limit(1);
  return row?.confirmEachCharge ?? false;
}

/**
 * The next charge of a subscription as it stands, or with a change applied for the preview: the renewal engine's own
 * quote (server/modules/subscriptions/next-charge.ts), as of the next billing date.
 */
export async function nextChargeOf(shop: Shop, row: SubscriptionRecord, whatIf: NextChargeWhatIf = {}): Promise<RenewalQuote> {
  return (await quoteNextCharge(shop, row, row.nextBillingAt, dbOf(shop), whatIf)).quote;
}

export async function portalView(shop: Shop, row: SubscriptionRecord, options: { includePreview?: boolean } = {}): Promise<PortalSubscription> {
  const db = dbOf(shop);
  const active = row.status !== "canceled";
  const [plan, addOns, retention, confirmEach, cards] = await Promise.all([
    planOf(shop, row, row.renewalPlanCode),
    pendingAddOns(db, row.id),
    pendingRetentionOffer(db, row.id),
    confirmsEachCharge(db, row.id),
    findPaymentMethods(db, row.paymentMethodId ? [row.paymentMethodId] : []),
  ]);
  const card = row.paymentMethodId ? cards.get(row.paymentMethodId) : undefined;
  const { phone: _phone, ...shipTo } = row.shippingAddress as Address;
  const addOnViews = await Promise.all(
    addOns.map(async (a) => ({ id: a.id, planCode: a.planCode as PlanCode, name: (await planOf(shop, row, a.planCode)).name, quantity: a.quantity })),
  );
  return {
    id: row.id,
    status: active ? "active" : "canceled",
    held: isHeld(row),
    productCode: row.productCode,
    planCode: row.renewalPlanCode as PlanCode,
    planName: plan.name,
    image: plan.image,
    quantity: row.quantity,
    billingPeriodMonths: row.billingPeriodMonths,
    nextBillingAt: row.nextBillingAt.toISOString(),
    currency: row.currency,
    country: row.country,
    activatedAt: row.activatedAt.toISOString(),
    canceledAt: row.canceledAt?.toISOString() ?? null,
    confirmEachCharge: confirmEach,
    addOns: addOnViews,
    retentionPercentOff: retention?.percentOff ?? null,
    nextCharge: active && options.includePreview !== false ? await nextChargeOf(shop, row) : null,
    shipTo,
    payment: card ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
  };
}

/**
 * Every subscription the member holds (SPEC.md section 4: not cancelled, or cancelled before it was reactivated), and
 * the ones cancelled recently enough to reactivate from the page (points still alive), newest first.
 */
export async function memberSubscriptions(shop: Shop, customerId: string, options: { includePreview?: boolean } = {}): Promise<PortalSubscription[]> {
  // Held subscriptions (started by a signed-out checkout under this email, ADR 0057) are not the member's yet.
  const rows = await dbOf(shop).select().from(subscriptions).where(and(eq(subscriptions.customerId, customerId), isNull(subscriptions.heldAt))).orderBy(desc(subscriptions.createdAt));
  return Promise.all(rows.map((row) => portalView(shop, row, options)));
}

export async function memberSubscription(shop: Shop, customerId: string, id: string): Promise<PortalSubscription> {
  const row = await ownSubscription(dbOf(shop), customerId, id);
  if (row.heldAt) throw new ShopError("NOT_FOUND", "There is no such subscription.");
  return portalView(shop, row);
}

export async function subscriptionRowById(db: Queryable, id: string): Promise<SubscriptionRecord | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}
