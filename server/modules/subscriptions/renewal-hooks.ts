import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { addMonths } from "../../../domain/billing-dates";
import type { Queryable, Tx } from "../../db/client";
import { chargeConfirmations, retentionDecisions, subscriptionAddOns, subscriptions } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { readConfirmChargeLink } from "./cancel-links";
import { confirmsEachCharge, pendingAddOns, pendingRetentionOffer } from "./portal";

/**
 * What the renewal engine (issue 12) reads from the portal and how it marks it used. Everything here joins the
 * renewal's transaction (db first), so an add-on or a retention discount ships with exactly one renewal order.
 */

/** "Ask me before each charge": true when this subscription's renewals wait for the member's yes. */
export const needsChargeConfirmation = confirmsEachCharge;

/** Has the member confirmed the charge due at billingAt (from the reminder's signed link)? */
export async function isChargeConfirmed(db: Queryable, subscriptionId: string, billingAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: chargeConfirmations.id })
    .from(chargeConfirmations)
    .where(and(eq(chargeConfirmations.subscriptionId, subscriptionId), eq(chargeConfirmations.billingAt, billingAt)))
    .limit(1);
  return row !== undefined;
}

export type ConfirmChargeResult =
  | { ok: true; subscriptionId: string; billingAt: Date }
  | { ok: false; reason: "invalid" | "moved" | "canceled" };

/**
 * The confirm button behind the reminder's link. Confirms only the charge the link was made for: if the member moved
 * the date since, or cancelled, the link no longer confirms anything. Confirming twice is harmless.
 */
export async function confirmChargeFromLink(shop: Shop, token: string): Promise<ConfirmChargeResult> {
  const claims = await readConfirmChargeLink(shop, token);
  if (!claims) return { ok: false, reason: "invalid" };
  const db = dbOf(shop);
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, claims.subscriptionId), eq(subscriptions.customerId, claims.customerId)))
    .limit(1);
  if (!sub) return { ok: false, reason: "invalid" };
  if (sub.status === "canceled") return { ok: false, reason: "canceled" };
  const billingAt = new Date(claims.billingAt);
  if (sub.nextBillingAt.getTime() !== billingAt.getTime()) return { ok: false, reason: "moved" };
  await db.insert(chargeConfirmations).values({ subscriptionId: sub.id, billingAt, confirmedAt: shop.clock.now() }).onConflictDoNothing();
  return { ok: true, subscriptionId: sub.id, billingAt };
}

/** The one-time add-ons and the retention discount the next renewal must include. */
export async function nextShipmentExtras(db: Queryable, subscriptionId: string) {
  const [addOns, retention] = await Promise.all([pendingAddOns(db, subscriptionId), pendingRetentionOffer(db, subscriptionId)]);
  return {
    addOns: addOns.map((a) => ({ id: a.id, planCode: a.planCode, quantity: a.quantity })),
    retention: retention ? { id: retention.id, percentOff: retention.percentOff } : null,
  };
}

/**
 * Marks the extras used by the renewal order that shipped them (in the renewal's transaction). `only.addOnIds` names
 * the add-ons the order really carries (the renewal engine priced them earlier; one added since waits for the next).
 */
export async function consumeNextShipmentExtras(tx: Tx, subscriptionId: string, orderId: string, now: Date, only?: { addOnIds: string[] }): Promise<void> {
  const which = only ? (only.addOnIds.length > 0 ? inArray(subscriptionAddOns.id, only.addOnIds) : sql`false`) : undefined;
  await tx
    .update(subscriptionAddOns)
    .set({ consumedAt: now, consumedByOrderId: orderId })
    .where(and(eq(subscriptionAddOns.subscriptionId, subscriptionId), isNull(subscriptionAddOns.consumedAt), which));
  await tx
    .update(retentionDecisions)
    .set({ consumedAt: now, consumedByOrderId: orderId })
    .where(and(eq(retentionDecisions.subscriptionId, subscriptionId), eq(retentionDecisions.outcome, "accepted"), isNull(retentionDecisions.consumedAt)));
}

/**
 * A renewal the member did not confirm by its date is skipped, never cancelled: the next billing date moves one
 * billing period on. Answers the new date, or null when the row had already moved (a second job run does nothing).
 */
export async function skipUnconfirmedCharge(tx: Tx, subscriptionId: string, dueAt: Date): Promise<Date | null> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
  if (!sub || sub.status === "canceled" || sub.nextBillingAt.getTime() !== dueAt.getTime()) return null;
  const next = addMonths(dueAt, sub.billingPeriodMonths);
  await tx.update(subscriptions).set({ nextBillingAt: next }).where(eq(subscriptions.id, subscriptionId));
  return next;
}
