import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { paymentRefunds } from "../../db/schema";

/** What was refunded (succeeded refunds only) of each of these orders, in the order's currency's minor units. */
export async function refundedByOrder(db: Queryable, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: paymentRefunds.orderId, amount: sql<string>`sum(${paymentRefunds.amount})` })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.orderId, [...orderIds]), eq(paymentRefunds.status, "succeeded")))
    .groupBy(paymentRefunds.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.amount)]));
}
