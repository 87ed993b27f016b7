import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { anchorDayOf, type BillingSchedule } from "../../../domain/billing-dates";
import type { Queryable, Tx } from "../../db/client";
import { retentionDecisions, subscriptionCancellations, subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export async function findSubscription(db: Queryable, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

/** A subscription's billing schedule, as domain/billing-dates.ts computes with it. */
export function scheduleOf(s: Pick<SubscriptionRow, "nextBillingAt" | "billingPeriodMonths" | "billingAnchorDay">): BillingSchedule {
  return { nextBillingAt: s.nextBillingAt, billingPeriodMonths: s.billingPeriodMonths, anchorDay: anchorDayOf(s.nextBillingAt, s.billingAnchorDay) };
}

/**
 * After the period due at `dueAt` was paid: the next billing date moves on and the subscription is active again.
 * Only if it is still due at `dueAt` (a second writer for the same period changes nothing): answers whether it moved.
 */
export async function advanceAfterRenewal(tx: Tx, id: string, dueAt: Date, next: BillingSchedule): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ nextBillingAt: next.nextBillingAt, billingAnchorDay: next.anchorDay, status: "active" })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.nextBillingAt, dueAt)))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

export async function markPastDue(tx: Tx, id: string): Promise<void> {
  await tx.update(subscriptions).set({ status: "past_due" }).where(and(eq(subscriptions.id, id), eq(subscriptions.status, "active")));
}

/** The reason text a dunning cancellation leaves in the portal's cancellation record. */
export const PAYMENT_FAILED_REASON = "The renewal payment failed and every retry was declined.";

/**
 * Cancels with a reason (dunning gave up: "payment_failed"). Answers whether this call cancelled it. The cancellation
 * is recorded in the portal's record (`subscription_cancellations`, via "dunning") like a member's own, so the console,
 * reactivation and the member's history see it; an accepted retention discount not yet used goes with it.
 */
export async function cancelSubscription(tx: Tx, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: now, cancelReason: reason })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, "past_due")))
    .returning({ id: subscriptions.id });
  if (rows.length !== 1) return false;
  await tx.insert(subscriptionCancellations).values({ subscriptionId: id, reasonId: null, reasonText: reason === "payment_failed" ? PAYMENT_FAILED_REASON : reason, via: "dunning", canceledAt: now });
  await tx
    .update(retentionDecisions)
    .set({ outcome: "forfeited" })
    .where(and(eq(retentionDecisions.subscriptionId, id), eq(retentionDecisions.outcome, "accepted"), isNull(retentionDecisions.consumedAt)));
  return true;
}

export async function setSubscriptionPaymentMethod(tx: Tx, id: string, paymentMethodId: string): Promise<void> {
  await tx.update(subscriptions).set({ paymentMethodId }).where(eq(subscriptions.id, id));
}

/** Live subscriptions billed after `from` and no later than `until` (reminders, price notices). */
export async function subscriptionsBilledBetween(db: Queryable, from: Date, until: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), gt(subscriptions.nextBillingAt, from), lte(subscriptions.nextBillingAt, until)))
    .orderBy(subscriptions.nextBillingAt)
    .limit(limit);
}

/** Moves the next billing date (skip, delay), only from the date the caller saw: a concurrent move wins, this one does nothing. */
export async function moveNextBilling(tx: Tx, id: string, from: Date, next: BillingSchedule): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ nextBillingAt: next.nextBillingAt, billingAnchorDay: next.anchorDay })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.nextBillingAt, from), eq(subscriptions.status, "active")))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/** The customer cancels (from an email link or the account): nothing more is charged. */
export async function cancelByCustomer(tx: Tx, id: string, reason: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(subscriptions)
    .set({ status: "canceled", canceledAt: now, cancelReason: reason })
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, ["active", "past_due"])))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/** Held by the member and still billed: not cancelled, not waiting on a held order's proof (ADR 0057). */
const liveOf = (customerId: string) => and(eq(subscriptions.customerId, customerId), inArray(subscriptions.status, ["active", "past_due"]), isNull(subscriptions.heldAt));

/**
 * The member's new address (settings) is where their subscriptions ship from the next shipment. Only those priced for
 * the same country move: another country is another currency, fee and price list, so a move abroad is a new order.
 */
export async function shipLiveSubscriptionsTo(db: Queryable, customerId: string, address: { country: string } & Record<string, unknown>): Promise<{ moved: number; elsewhere: number }> {
  const moved = await db
    .update(subscriptions)
    // Merged, so what the form does not ask for (the courier's phone number from checkout) stays.
    .set({ shippingAddress: sql`${subscriptions.shippingAddress} || ${JSON.stringify(address)}::jsonb` })
    .where(and(liveOf(customerId), eq(subscriptions.country, address.country)))
    .returning({ id: subscriptions.id });
  const all = await db.select({ id: subscriptions.id }).from(subscriptions).where(liveOf(customerId));
  return { moved: moved.length, elsewhere: all.length - moved.length };
}

/** The member's new card (settings) pays their subscriptions from the next charge. */
export async function payLiveSubscriptionsWith(tx: Tx, customerId: string, paymentMethodId: string): Promise<void> {
  await tx.update(subscriptions).set({ paymentMethodId }).where(liveOf(customerId));
}
