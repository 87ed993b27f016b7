/**
 * A customer's lifetime value for the console's customer page (issue 36): what they paid, less what was refunded, per
 * currency (amounts of different currencies are never added), and when they first ordered. Cancelled orders were never
 * paid and count for nothing; a refunded order counts its total less its refunds, which is zero after a full refund.
 */
export interface ValueOrder {
  id: string;
  status: string;
  currency: string;
  total: number;
  createdAt: Date;
}

export interface LifetimeValue {
  currency: string;
  orders: number;
  paid: number;
  refunded: number;
  net: number;
}

export function lifetimeValue(orders: readonly ValueOrder[], refundedByOrder: ReadonlyMap<string, number>): LifetimeValue[] {
  const byCurrency = new Map<string, LifetimeValue>();
  for (const order of orders) {
    if (order.status === "canceled") continue;
    const value = byCurrency.get(order.currency) ?? { currency: order.currency, orders: 0, paid: 0, refunded: 0, net: 0 };
    const refunded = Math.min(refundedByOrder.get(order.id) ?? 0, order.total);
    value.orders += 1;
    value.paid += order.total;
    value.refunded += refunded;
    value.net += order.total - refunded;
    byCurrency.set(order.currency, value);
  }
  return [...byCurrency.values()].sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency));
}

/** The first order that was not cancelled, or null for a customer who never paid. */
export function firstOrderAt(orders: readonly ValueOrder[]): Date | null {
  let first: Date | null = null;
  for (const order of orders) if (order.status !== "canceled" && (!first || order.createdAt < first)) first = order.createdAt;
  return first;
}
