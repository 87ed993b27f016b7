import { and, gte, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptions } from "../../db/schema";

export interface SubscriptionStats {
  /** By status now. */
  byStatus: Record<string, number>;
  /** Subscriptions that were running when the window opened (activated before it, not cancelled before it). */
  activeAtStart: number;
  /** Of all subscriptions, those started and those cancelled in the window. */
  started: number;
  canceled: number;
  /** Cancelled in the window per UTC day. */
  canceledPerDay: { day: string; canceled: number }[];
}

/** Counts for the dashboard over [from, until): churn = cancelled in the window ÷ running when it opened. */
export async function subscriptionStats(db: Queryable, from: Date, until: Date): Promise<SubscriptionStats> {
  const day = sql<string>`to_char(${subscriptions.canceledAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [statusRows, [window], perDay] = await Promise.all([
    db.select({ status: subscriptions.status, n: sql<string>`count(*)` }).from(subscriptions).groupBy(subscriptions.status),
    db
      .select({
        activeAtStart: sql<string>`count(*) filter (where ${subscriptions.activatedAt} < ${from.toISOString()}::timestamptz and (${subscriptions.canceledAt} is null or ${subscriptions.canceledAt} >= ${from.toISOString()}::timestamptz))`,
        started: sql<string>`count(*) filter (where ${subscriptions.activatedAt} >= ${from.toISOString()}::timestamptz and ${subscriptions.activatedAt} < ${until.toISOString()}::timestamptz)`,
        canceled: sql<string>`count(*) filter (where ${subscriptions.canceledAt} >= ${from.toISOString()}::timestamptz and ${subscriptions.canceledAt} < ${until.toISOString()}::timestamptz)`,
      })
      .from(subscriptions),
    db
      .select({ day, canceled: sql<string>`count(*)` })
      .from(subscriptions)
      .where(and(gte(subscriptions.canceledAt, from), lt(subscriptions.canceledAt, until)))
      .groupBy(day)
      .orderBy(day),
  ]);
  return {
    byStatus: Object.fromEntries(statusRows.map((r) => [r.status, Number(r.n)])),
    activeAtStart: Number(window?.activeAtStart ?? 0),
    started: Number(window?.started ?? 0),
    canceled: Number(window?.canceled ?? 0),
    canceledPerDay: perDay.map((r) => ({ day: r.day, canceled: Number(r.canceled) })),
  };
}
