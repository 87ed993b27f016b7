/**
 * The status an order shows staff (issue 36): "paid" stops being true the moment money goes back. Derived from the
 * order's stored status and its money: what its payments captured and what succeeded refunds gave back (a pending or
 * failed refund has given nothing back yet).
 */
export type OrderStatusShown = "paid" | "partially refunded" | "refunded" | "canceled" | (string & {});

export interface OrderMoney {
  /** orders.status: paid, refunded or canceled. */
  status: string;
  /** What the order's payments captured, minor units. */
  paid: number;
  /** What succeeded refunds gave back of it, minor units. */
  refunded: number;
}

export function orderStatusShown(order: OrderMoney): OrderStatusShown {
  if (order.status === "canceled") return "canceled";
  if (order.status === "refunded" || (order.paid > 0 && order.refunded >= order.paid)) return "refunded";
  if (order.refunded > 0) return "partially refunded";
  return order.status;
}

/** The badge's tone (a CSS class suffix) for a shown status: no spaces. */
export const statusTone = (status: string): string => status.replace(/\s+/g, "-");
