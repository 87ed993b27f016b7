import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptionCancellations, subscriptionChanges, subscriptions } from "../../db/schema";
import type { SubscriptionRow } from "./billing";

/**
 * The console's subscription list: newest first, keyset-paged on (created_at, id) (subscriptions_created_idx), narrowed
 * to some customers (a search by email) and a status.
 */
export async function listSubscriptionsPage(
  db: Queryable,
  options: { customerIds?: string[]; status?: string; before?: { createdAt: Date; id: string }; limit: number },
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
