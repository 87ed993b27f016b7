import { cents, formatMoney } from "../../../../domain/money";
import type { Currency } from "../../../../domain/money";
import type { OrderSummary } from "../../../../domain/orders";
import type { Queryable } from "../../../db/client";
import { escapeHtml as e, noticeEmailHtml } from "../../../lib/email-html";
import { enqueueEmail } from "../../email";
import type { RenderedEmail } from "./order-confirmation";

export const ORDER_REFUNDED = "order-refunded";

/** One email per refund, however often the request is retried. */
export const orderRefundedKey = (refundId: string) => `${ORDER_REFUNDED}:${refundId}`;

export interface RefundFacts {
  id: string;
  amount: number;
  currency: string;
  /** What is left of the payment after this refund (0: refunded in full). */
  remaining: number;
}

export function renderOrderRefunded(order: OrderSummary, refund: RefundFacts): RenderedEmail {
  const name = order.shippingAddress.firstName?.trim();
  const money = formatMoney({ amount: cents(refund.amount), currency: refund.currency as Currency });
  const card = order.payment.last4 ? `your ${order.payment.brand} card ending ${order.payment.last4}` : "the card you paid with";
  const full = refund.remaining === 0;
  const subject = full ? `Your refund for order ${order.number}` : `A partial refund for order ${order.number}`;
  const lines = [
    `${name ? `Hi ${name}, w` : "W"}e have refunded ${money} of order ${order.number} to ${card}.`,
    full ? "That is the whole payment for this order." : "The rest of the order is unchanged.",
    "",
    "Banks usually show a refund within 5 to 10 business days.",
    "Questions? Reply to this email and our care team will help.",
  ];
  const html = noticeEmailHtml(subject, full ? "Your refund is on its way" : "A partial refund is on its way", `<p style="margin:0 0 12px;">${name ? `Hi ${e(name)}, w` : "W"}e have refunded <strong>${e(money)}</strong> of order <strong>${e(order.number)}</strong> to ${e(card)}.</p>
<p style="margin:0 0 12px;">${full ? "That is the whole payment for this order." : "The rest of the order is unchanged."}</p>
<p style="margin:0;color:#4d5a52;font-size:14px;">Banks usually show a refund within 5 to 10 business days. Questions? Reply to this email and our care team will help.</p>`);
  return { subject, text: lines.join("\n"), html };
}

/** Queues the refund email in the caller's transaction (the refund's outcome and its email commit together). */
export async function enqueueOrderRefunded(db: Queryable, order: OrderSummary, refund: RefundFacts, options: { now: Date }): Promise<string | null> {
  const { subject, text, html } = renderOrderRefunded(order, refund);
  return enqueueEmail(db, { to: order.email, subject, text, html, template: ORDER_REFUNDED, idempotencyKey: orderRefundedKey(refund.id) }, options);
}
