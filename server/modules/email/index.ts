/**
 * The email module: an outbox written inside the caller's transaction, sent after commit by the send-email
 * job (SMTP via nodemailer when SMTP_URL is set), readable at /dev/mailbox outside production.
 */
import type { OrderSummary } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { enqueueEmail } from "./outbox";
import { ORDER_CONFIRMATION, orderConfirmationKey, renderOrderConfirmation } from "./templates/order-confirmation";

export { enqueueEmail, findEmail, findEmailByKey, listOutbox, requeueEmail, type NewEmail, type OutboxEmail, type OutboxEmailSummary } from "./outbox";
export { sendDueEmails } from "./send";
export { SEND_EMAIL, sendQueuedEmailsSoon } from "./trigger";
export { orderConfirmationKey, renderOrderConfirmation } from "./templates/order-confirmation";

/**
 * Queues the order confirmation in the caller's transaction, once per order (key "order-confirmation:<id>").
 * Answers the outbox id, or null when this order's confirmation was queued before.
 * After the commit: sendQueuedEmailsSoon(shop).
 */
export async function enqueueOrderConfirmation(db: Queryable, order: OrderSummary, options: { now: Date }): Promise<string | null> {
  const { subject, text, html } = renderOrderConfirmation(order);
  return enqueueEmail(db, { to: order.email, subject, text, html, template: ORDER_CONFIRMATION, idempotencyKey: orderConfirmationKey(order.id) }, options);
}
