import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import type { Currency } from "../../../domain/money";
import { chargeLabel, isTrackingUrl, type OrderHistoryRow } from "../../../domain/order-history";
import { orderNumber, type OrderSummary } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { orderLines, orders, orderShipments } from "../../db/schema";
import { paymentCardOfOrder } from "../payments";
import { orderSummary } from "./orders";

/**
 * Order History: every order of the member, checkout and renewals alike, newest first, with its parcels' tracking.
 * Held orders (a signed-out checkout under this email, ADR 0057) are not the member's until the address is proven.
 */
export async function memberOrders(db: Queryable, customerId: string): Promise<OrderHistoryRow[]> {
  const rows = await db.select().from(orders).where(and(eq(orders.customerId, customerId), isNull(orders.heldAt))).orderBy(desc(orders.createdAt), desc(orders.number));
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, parcels] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
    db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids)).orderBy(asc(orderShipments.shippedAt)),
  ]);
  const cards = await Promise.all(ids.map((id) => paymentCardOfOrder(db, id)));
  return rows.map((o, i) => {
    const own = lines.filter((l) => l.orderId === o.id);
    const card = cards[i];
    return {
      id: o.id,
      number: orderNumber(o.number),
      createdAt: o.createdAt.toISOString(),
      products: own.map((l) => l.name),
      productCodes: own.map((l) => l.productCode),
      quantity: own.reduce((n, l) => n + l.quantity, 0),
      currency: o.currency as Currency,
      amount: o.total,
      charge: chargeLabel(card?.brand ?? "", card?.last4 ?? ""),
      status: o.status as OrderHistoryRow["status"],
      // Checkout keys are the shopper's Idempotency-Key; the renewal engine keys its orders "renewal:<subscription>:<period>".
      renewal: o.idempotencyKey.startsWith("renewal:"),
      tracking: parcels
        .filter((p) => p.orderId === o.id && isTrackingUrl(p.trackingUrl))
        .map((p) => ({ carrier: p.carrier, number: p.trackingNumber, url: p.trackingUrl })),
    };
  });
}

/** The member's own order for the invoice; another member's order reads as not found. */
export async function memberOrderSummary(db: Queryable, customerId: string, orderId: string): Promise<OrderSummary> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw new ShopError("NOT_FOUND", "There is no such invoice.");
  const [own] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), isNull(orders.heldAt))).limit(1);
  const summary = own ? await orderSummary(db, orderId) : null;
  if (!summary) throw new ShopError("NOT_FOUND", "There is no such invoice.");
  return summary;
}
