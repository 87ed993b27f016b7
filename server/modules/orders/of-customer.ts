import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";
import { orderNumber } from "../../../domain/orders";

/** A customer's orders as the data export lists them (their own copy of what the shop keeps; held orders are not yet theirs). */
export async function orderRecordsOf(db: Queryable, customerId: string) {
  const rows = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, currency: orders.currency, total: orders.total, createdAt: orders.createdAt, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNull(orders.heldAt)))
    .orderBy(asc(orders.createdAt));
  return rows.map(({ number, ...row }) => ({ orderNumber: orderNumber(number), ...row }));
}

/** The address of the customer's newest order of their own (held orders are not yet theirs), with its number and date. */
export async function lastOrderAddressOf(db: Queryable, customerId: string): Promise<{ orderNumber: string; orderedAt: Date; address: unknown } | null> {
  const [row] = await db
    .select({ number: orders.number, createdAt: orders.createdAt, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNull(orders.heldAt)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ? { orderNumber: orderNumber(row.number), orderedAt: row.createdAt, address: row.shippingAddress } : null;
}
