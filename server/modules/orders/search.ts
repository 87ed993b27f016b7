import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Currency } from "../../../domain/money";
import { orderNumber } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";

/** One line of the console's order list. */
export interface OrderListRow {
  id: string;
  /** "SD-100042" */
  number: string;
  /** The sequence behind the number: the keyset cursor of the list. */
  sequence: number;
  customerId: string;
  email: string;
  status: string;
  currency: Currency;
  total: number;
  createdAt: string;
}

export interface OrderSearch {
  sequence?: number;
  email?: string;
  customerIds?: string[];
  /** Keyset cursor: only orders with a smaller sequence (the last row of the previous page). */
  before?: number;
  limit: number;
}

/**
 * Newest first, keyset-paged on the order number (unique index; orders_email_number_idx for an email, and
 * orders_customer_created_idx for a customer), so page 500 costs what page 1 costs.
 */
export async function searchOrders(db: Queryable, search: OrderSearch): Promise<OrderListRow[]> {
  if (search.customerIds && search.customerIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      sequence: orders.number,
      customerId: orders.customerId,
      email: orders.email,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(
      and(
        search.sequence !== undefined ? eq(orders.number, search.sequence) : undefined,
        search.email !== undefined ? eq(orders.email, search.email) : undefined,
        search.customerIds ? inArray(orders.customerId, search.customerIds) : undefined,
        search.before !== undefined ? lt(orders.number, search.before) : undefined,
      ),
    )
    // For a name search (a few customers' orders) `number + 0` keeps the planner off a backward walk of the whole
    // number index, hoping to meet those customers early; it reads their orders by orders_customer_created_idx and sorts.
    .orderBy(search.customerIds ? desc(sql`${orders.number} + 0`) : desc(orders.number))
    .limit(search.limit);
  return rows.map((r) => ({ ...r, number: orderNumber(r.sequence), currency: r.currency as Currency, createdAt: r.createdAt.toISOString() }));
}

export async function orderIdBySequence(db: Queryable, sequence: number): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, sequence)).limit(1);
  return row?.id ?? null;
}

export async function customerOfOrder(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.customerId ?? null;
}
