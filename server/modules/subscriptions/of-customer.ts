import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptions } from "../../db/schema";

/** A member's subscriptions in the User shape of SPEC.md section 3: subscriptions[].subscriptions[] (one group). */
export interface UserSubscriptionEntry {
  id: string;
  plan: { plan_code: string };
  canceled_at: string | null;
  activated_at: string;
}

export async function subscriptionEntriesOf(db: Queryable, customerId: string): Promise<UserSubscriptionEntry[]> {
  const rows = await db
    .select({ id: subscriptions.id, planCode: subscriptions.planCode, canceledAt: subscriptions.canceledAt, activatedAt: subscriptions.activatedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), isNull(subscriptions.heldAt)))
    .orderBy(asc(subscriptions.createdAt));
  return rows.map((r) => ({ id: r.id, plan: { plan_code: r.planCode }, canceled_at: r.canceledAt?.toISOString() ?? null, activated_at: r.activatedAt.toISOString() }));
}
