import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptionCancellations, subscriptionChanges, subscriptions } from "../../db/schema";
import type { SubscriptionRow } from "./billing";

/**
 * The console's subscription list: newest first, keyset-paged on (created_at, id) (subscriptions_created_idx), narrowed
 * to some customers (a search by email) and a status.
 */
export async function listSubscriptionsPage(
  db: Queryable,
  options: {
    customerIds?: string[];
    status?: string;
    /** The plan the next charge buys (renewal_plan_code: what the member has now, not what the first order bought). */
    planCode?: string;
    /** Next billing date on or after `nextFrom` and before `nextBefore`. */
    nextFrom?: Date;
    nextBefore?: Date;
    before?: { createdAt: Date; id: string };
    limit: number;
  },
): Promise<SubscriptionRow[]> {
  if (options.customerIds && options.customerIds.length === 0) return [];
  const before = options.before;
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        options.customerIds ? inArray(subscriptions.customerId, options.customerIds) : undefined,
        options.status ? eq(subscriptions.status, options.status) : undefined,
        options.planCode ? eq(subscriptions.renewalPlanCode, options.planCode) : undefined,
        options.nextFrom ? gte(subscriptions.nextBillingAt, options.nextFrom) : undefined,
        options.nextBefore ? lt(subscriptions.nextBillingAt, options.nextBefore) : undefined,
        before ? sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(options.limit);
}

/** What the member (or staff on their behalf) changed, and each cancellation: the subscription's own timeline. */
export async function subscriptionHistory(db: Queryable, subscriptionId: string) {
  const [changes, cancellations] = await Promise.all([
    db.select().from(subscriptionChanges).where(eq(subscriptionChanges.subscriptionId, subscriptionId)).orderBy(desc(subscriptionChanges.changedAt)).limit(200),
    db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.subscriptionId, subscriptionId)),
  ]);
  return { changes, cancellations };
}

/** A customer's subscriptions, newest first, as whole rows (the console's customer page). */
export async function subscriptionRowsOfCustomer(db: Queryable, customerId: string, limit = 50): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit);
}

/** The plans (what the next charge buys) of these customers' subscriptions that are not cancelled: the customer list's column. */
export async function livePlansOf(db: Queryable, customerIds: readonly string[]): Promise<Map<string, string[]>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: subscriptions.customerId, planCode: subscriptions.renewalPlanCode })
    .from(subscriptions)
    .where(and(inArray(subscriptions.customerId, [...customerIds]), sql`${subscriptions.status} <> 'canceled'`));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.customerId, [...(out.get(r.customerId) ?? []), r.planCode]);
  return out;
}
