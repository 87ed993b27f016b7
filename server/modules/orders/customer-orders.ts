import { and, desc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";

/**
 * Every order of the customer's own (held orders are not theirs yet), newest first, with only what the customer page
 * adds up (lifetime value, first order) and the addresses they shipped to. Bounded: a customer with more orders than
 * this is a wholesaler the page does not serve.
 */
export async function valueOrdersOf(db: Queryable, customerId: string, limit = 2000) {
  return db
    .select({ id: orders.id, status: orders.status, currency: orders.currency, total: orders.total, createdAt: orders.createdAt, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNull(orders.heldAt)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}
