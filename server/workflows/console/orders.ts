import { randomUUID } from "node:crypto";
import { emailProductImages } from "../email-product-images";
import type { CarrierCode } from "../../../domain/carriers";
import { ShopError } from "../../../domain/errors";
import { sendQueuedEmailsSoon } from "../../modules/email";
import { enqueueOrderShipped, orderConfirmationKey, orderSummary, recordShipment, renderOrderConfirmation, type Shipment } from "../../modules/orders";
import { enqueueEmail } from "../../modules/email";
import { scheduleReviewRequest } from "../../modules/reviews";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * Marks an order shipped with a carrier and tracking number: the shipment, its "on its way" email, its review request
 * (due REVIEW_REQUEST_DAYS later) and the audit entry commit together; the email is sent right after. Idempotent per (order, tracking number): marking the same
 * parcel twice records one shipment and sends one email.
 */
export async function shipOrder(
  shop: Shop,
  actor: ConsoleActor,
  input: { orderId: string; carrier: CarrierCode; trackingNumber: string },
): Promise<Shipment> {
  const shipment = await consoleAction(shop, actor, "orders.ship", async (tx, now) => {
    const order = await orderSummary(tx, input.orderId);
    if (!order) throw new ShopError("NOT_FOUND", "There is no such order.");
    if (order.status !== "paid") throw new ShopError("VALIDATION_ERROR", `A ${order.status} order cannot be shipped.`);
    const { shipment, created } = await recordShipment(tx, { ...input, now });
    if (created) await enqueueOrderShipped(tx, order, shipment, { now });
    // The review request (ADR 0068) is scheduled with the shipment, so a shipped order is always asked once.
    if (created) await scheduleReviewRequest(tx, { orderId: order.id, shippedAt: now, days: shop.env.REVIEW_REQUEST_DAYS });
    return {
      result: shipment,
      audit: { targetType: "order", targetId: order.number, before: null, after: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, ...(created ? {} : { alreadyRecorded: true }) } },
    };
  });
  await sendQueuedEmailsSoon(shop);
  return shipment;
}

/**
 * Sends the order confirmation again (the customer lost it). Each resend is its own outbox row, keyed by the
 * request's key, so a double-submitted form sends one email, not two.
 */
export async function resendConfirmation(shop: Shop, actor: ConsoleActor, input: { orderId: string; requestKey?: string }): Promise<{ emailId: string | null }> {
  const requestKey = input.requestKey ?? randomUUID();
  const images = await emailProductImages(shop);
  const outcome = await consoleAction(shop, actor, "orders.resend-confirmation", async (tx, now) => {
    const order = await orderSummary(tx, input.orderId);
    if (!order) throw new ShopError("NOT_FOUND", "There is no such order.");
    const { subject, text, html } = renderOrderConfirmation(order, { images });
    const emailId = await enqueueEmail(
      tx,
      { to: order.email, subject, text, html, template: "order-confirmation", idempotencyKey: `${orderConfirmationKey(order.id)}:resend:${requestKey}` },
      { now },
    );
    return { result: { emailId }, audit: { targetType: "order", targetId: order.number, before: null, after: { emailId, to: order.email } } };
  });
  await sendQueuedEmailsSoon(shop);
  return outcome;
}
