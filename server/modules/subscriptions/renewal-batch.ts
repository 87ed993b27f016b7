import { and, inArray, isNull, sql } from "drizzle-orm";
import type { BillingSchedule } from "../../../domain/billing-dates";
import type { Queryable, Tx } from "../../db/client";
import { subscriptionAddOns, subscriptionPreferences, subscriptions } from "../../db/schema";
import type { SubscriptionRow } from "./billing";

/**
 * The renewal engine's set-based reads and writes of subscriptions (ADR 0029): a batch of renewals reads its
 * subscriptions and the portal's extras in a few statements and moves the paid ones' dates in one.
 */

export async function findSubscriptions(db: Queryable, ids: string[]): Promise<Map<string, SubscriptionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface RenewalExtras {
  /** Subscriptions whose member asked to confirm each charge (the engine asks gateUnconfirmedRenewal first). */
  confirmEach: Set<string>;
  /** One-time add-ons waiting for the next shipment, oldest first. */
  addOns: Map<string, { id: string; planCode: string; quantity: number }[]>;
}

/** The portal's settings a renewal needs, for a batch of subscriptions, in one statement. */
export async function renewalExtrasOf(db: Queryable, subscriptionIds: string[]): Promise<RenewalExtras> {
  const extras: RenewalExtras = { confirmEach: new Set(), addOns: new Map() };
  if (subscriptionIds.length === 0) return extras;
  const ids = [...new Set(subscriptionIds)];
  // One round trip: the add-ons, and the confirm-each preference as a row without an add-on.
  const rows = await db
    .select({ sub: subscriptionAddOns.subscriptionId, id: subscriptionAddOns.id, planCode: subscriptionAddOns.planCode, quantity: subscriptionAddOns.quantity, addedAt: subscriptionAddOns.addedAt })
    .from(subscriptionAddOns)
    .where(and(inArray(subscriptionAddOns.subscriptionId, ids), isNull(subscriptionAddOns.consumedAt)))
    .unionAll(
      db
        .select({
          sub: subscriptionPreferences.subscriptionId,
          id: sql<string>`null::uuid`,
          planCode: sql<string>`null::text`,
          quantity: sql<number>`null::int`,
          addedAt: sql<Date>`null::timestamptz`,
        })
        .from(subscriptionPreferences)
        .where(and(inArray(subscriptionPreferences.subscriptionId, ids), sql`${subscriptionPreferences.confirmEachCharge}`)),
    );
  const sorted = [...rows].sort((a, b) => new Date(a.addedAt ?? 0).getTime() - new Date(b.addedAt ?? 0).getTime());
  for (const r of sorted) {
    if (r.id === null) {
      extras.confirmEach.add(r.sub);
      continue;
    }
    const list = extras.addOns.get(r.sub) ?? [];
    list.push({ id: r.id, planCode: r.planCode, quantity: Number(r.quantity) });
    extras.addOns.set(r.sub, list);
  }
  return extras;
}

/**
 * After each period due at `dueAt` was paid: the next billing dates move on and the subscriptions are active again,
 * each only if still due at its `dueAt` (as advanceAfterRenewal). Answers the ids that moved.
 */
export async function advanceAfterRenewals(tx: Tx, list: { id: string; dueAt: Date; next: BillingSchedule }[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const tuples = list.map((a) => sql`(${a.id}::uuid, ${a.dueAt}::timestamptz, ${a.next.nextBillingAt}::timestamptz, ${a.next.anchorDay}::int)`);
  const result = await tx.execute<{ id: string }>(sql`
    UPDATE subscriptions s SET next_billing_at = v.next_at, billing_anchor_day = v.anchor, status = 'active'
    FROM (VALUES ${sql.join(tuples, sql`, `)}) AS v(id, due_at, next_at, anchor)
    WHERE s.id = v.id AND s.next_billing_at = v.due_at
    RETURNING s.id`);
  const rows = (result as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[]);
  return new Set(rows.map((r) => r.id));
}
