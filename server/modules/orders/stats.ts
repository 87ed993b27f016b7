import { and, gte, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";

/** Orders and their totals per UTC day and currency in [from, until) (paid and later refunded ones: gross sales). */
export async function dailyOrderTotals(db: Queryable, from: Date, until: Date): Promise<{ day: string; currency: string; orders: number; total: number }[]> {
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: orders.currency, orders: sql<string>`count(*)`, total: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, until), inArray(orders.status, ["paid", "refunded"])))
    .groupBy(day, orders.currency)
    .orderBy(day, orders.currency);
  return rows.map((r) => ({ day: r.day, currency: r.currency, orders: Number(r.orders), total: Number(r.total) }));
}
