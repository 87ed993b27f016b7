import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  CANCELLATION_REASONS,
  findReason,
  offerFor,
  pointsExpireAt,
  RETENTION_PERCENT_OFF,
  retentionOfferAvailable,
  type SaveOffer,
} from "../../../domain/cancellation";
import { ShopError } from "../../../domain/errors";
import type { CancellationInput } from "../../../domain/subscription-requests";
import { nextDateBounds } from "../../../domain/subscription-actions";
import type { Queryable, Tx } from "../../db/client";
import { retentionDecisions, subscriptionCancellations, subscriptionChanges, subscriptions } from "../../db/schema";
import { withdrawRetentionOffer } from "../renewals";
import { dbOf, type Shop } from "../../shop";
import { nextChargeOf, ownSubscription, portalView, type PortalSubscription, type SubscriptionRecord } from "./portal";

/** When the member was last made the retention offer (accepted or declined), for the 100-day cooldown. */
export async function lastRetentionOfferAt(db: Queryable, customerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: retentionDecisions.offeredAt })
    .from(retentionDecisions)
    .where(eq(retentionDecisions.customerId, customerId))
    .orderBy(desc(retentionDecisions.offeredAt))
    .limit(1);
  return row?.at ?? null;
}

/** Offers of one member are decided one at a time: two tabs cannot both take the discount inside the cooldown. */
async function lockMember(tx: Tx, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retention:${customerId}`}))`);
}

export interface CancellationOptions {
  reasons: { id: number; text: string; offer: SaveOffer; secondary: { id: number; text: string }[] }[];
  retentionOfferAvailable: boolean;
  retentionPercentOff: number;
  /** The next charge as it stands and with the offer accepted, priced by the renewal's own quote (null once cancelled). */
  retentionPrice: { currency: string; total: number; withDiscount: number } | null;
  /** If cancelled now: when the member's loyalty points expire (SPEC.md section 4). */
  pointsExpireAt: string;
}

/** GET /api/subscription/cancellationReasons/{id}: the reasons, each with its save offer as of now. */
export async function cancellationOptions(shop: Shop, customerId: string, id: string): Promise<CancellationOptions> {
  const db = dbOf(shop);
  const sub = await ownSubscription(db, customerId, id);
  const now = shop.clock.now();
  const available = retentionOfferAvailable(await lastRetentionOfferAt(db, customerId), now);
  const [current, discounted] =
    sub.status === "canceled" ? [null, null] : await Promise.all([nextChargeOf(shop, sub), nextChargeOf(shop, sub, { retentionDiscount: true })]);
  return {
    retentionPrice: current && discounted ? { currency: current.currency, total: current.total, withDiscount: discounted.total } : null,
    reasons: CANCELLATION_REASONS.map((r) => ({ ...r, offer: offerFor(r, available), secondary: [...r.secondary] })),
    retentionOfferAvailable: available,
    retentionPercentOff: RETENTION_PERCENT_OFF,
    pointsExpireAt: pointsExpireAt(now).toISOString(),
  };
}

/**
 * 'Apply Discount & Keep Subscription': records the member's acceptance (20% off the next shipment), at most once per
 * 100 days per member, inside the caller's transaction. The workflow keep-with-discount also grants the discount to the
 * renewal engine, which consumes it with exactly one renewal.
 */
export async function recordRetentionAcceptance(tx: Tx, customerId: string, id: string, reasonId: number | null, now: Date): Promise<SubscriptionRecord> {
  await lockMember(tx, customerId);
  const sub = await ownSubscription(tx, customerId, id, { lock: true });
  if (sub.status === "canceled") throw new ShopError("FORBIDDEN", "This subscription is canceled. Reactivate it first.");
  if (!retentionOfferAvailable(await lastRetentionOfferAt(tx, customerId), now)) {
    throw new ShopError("FORBIDDEN", "This offer was already used in the last 100 days.");
  }
  await tx.insert(retentionDecisions).values({ customerId, subscriptionId: id, outcome: "accepted", percentOff: RETENTION_PERCENT_OFF, reasonId, offeredAt: now });
  await tx.insert(subscriptionChanges).values({ subscriptionId: id, action: "retention_offer", detail: `accepted ${RETENTION_PERCENT_OFF}%`, changedAt: now });
  return sub;
}

/**
 * How a cancellation was made. "dunning" is the renewal engine giving up after the last failed payment; "console" is
 * staff cancelling on the member's behalf (the console's audit log says who and why).
 */
export type CancellationChannel = "account" | "email_link" | "api" | "dunning" | "console";

/**
 * Cancels a held subscription inside the caller's transaction and records why. A cancellation made while the discount
 * was on offer counts as the offer declined (the cooldown starts). Cancelling twice answers the first cancellation.
 */
export async function cancelSubscriptionRow(
  tx: Tx,
  customerId: string,
  id: string,
  input: CancellationInput,
  via: CancellationChannel,
  now: Date,
): Promise<{ row: SubscriptionRecord; alreadyCanceled: boolean }> {
  if (input.cancellationReasonId !== undefined) {
    const reason = findReason(input.cancellationReasonId);
    if (!reason) throw new ShopError("VALIDATION_ERROR", "Choose one of the reasons offered.");
    if (input.secondaryReasonId !== undefined && !reason.secondary.some((s) => s.id === input.secondaryReasonId)) {
      throw new ShopError("VALIDATION_ERROR", "Choose one of the follow-up answers offered.");
    }
  }
  await lockMember(tx, customerId);
  const sub = await ownSubscription(tx, customerId, id, { lock: true });
  if (sub.status === "canceled") return { row: sub, alreadyCanceled: true };
  const reasonId = input.cancellationReasonId ?? null;
  const offered = via === "account" && retentionOfferAvailable(await lastRetentionOfferAt(tx, customerId), now);
  if (offered && offerFor(findReason(reasonId ?? 0), true) === "discount") {
    await tx.insert(retentionDecisions).values({ customerId, subscriptionId: id, outcome: "declined", percentOff: RETENTION_PERCENT_OFF, reasonId, offeredAt: now });
  }
  await tx.insert(subscriptionCancellations).values({
    subscriptionId: id,
    reasonId,
    reasonText: input.cancellationReasonText || (reasonId ? (findReason(reasonId)?.text ?? null) : null),
    secondaryReasonId: input.secondaryReasonId ?? null,
    via,
    canceledAt: now,
  });
  // A retention discount not yet used goes with the subscription: it would otherwise surprise a reactivation later.
  await tx
    .update(retentionDecisions)
    .set({ outcome: "forfeited" })
    .where(and(eq(retentionDecisions.subscriptionId, id), eq(retentionDecisions.outcome, "accepted"), isNull(retentionDecisions.consumedAt)));
  await withdrawRetentionOffer(tx, id);
  const [row] = await tx.update(subscriptions).set({ status: "canceled", canceledAt: now }).where(eq(subscriptions.id, id)).returning();
  return { row: row!, alreadyCanceled: false };
}

/**
 * PUT /api/subscription/{id}/reactivate: the subscription is held again (activated_at after canceled_at). A next
 * billing date that passed while it was cancelled moves to the first selectable day, never charging for the gap.
 */
export async function reactivateSubscription(shop: Shop, customerId: string, id: string): Promise<PortalSubscription> {
  const row = await dbOf(shop).transaction(async (tx) => {
    const sub = await ownSubscription(tx, customerId, id, { lock: true });
    if (sub.status !== "canceled") return sub;
    const now = shop.clock.now();
    const earliest = nextDateBounds(now).min;
    const next = sub.nextBillingAt < earliest ? earliest : sub.nextBillingAt;
    await tx
      .update(subscriptionCancellations)
      .set({ reactivatedAt: now })
      .where(and(eq(subscriptionCancellations.subscriptionId, id), isNull(subscriptionCancellations.reactivatedAt)));
    await tx.insert(subscriptionChanges).values({ subscriptionId: id, action: "reactivate", detail: `next charge ${next.toISOString()}`, changedAt: now });
    // The held rule compares the two times strictly: a reactivation in the same millisecond must still come after.
    const activatedAt = sub.canceledAt && sub.canceledAt >= now ? new Date(sub.canceledAt.getTime() + 1) : now;
    const [fresh] = await tx.update(subscriptions).set({ status: "active", activatedAt, nextBillingAt: next }).where(eq(subscriptions.id, id)).returning();
    return fresh!;
  });
  return portalView(shop, row);
}

/** Held subscriptions of a customer, for the signed-out cancellation page (no prices: the link may be forwarded). */
export async function heldSubscriptionRows(db: Queryable, customerId: string): Promise<SubscriptionRecord[]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
  return rows.filter((r) => r.status !== "canceled");
}
