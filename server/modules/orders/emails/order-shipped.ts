import { CARRIERS, type CarrierCode } from "../../../../domain/carriers";
import type { OrderSummary } from "../../../../domain/orders";
import type { Queryable } from "../../../db/client";
import { escapeHtml as e, noticeEmailHtml } from "../../../lib/email-html";
import { enqueueEmail } from "../../email";
import type { Shipment } from "../shipments";
import type { RenderedEmail } from "./order-confirmation";

export const ORDER_SHIPPED = "order-shipped";

/** One email per parcel, however often the action is retried. */
export const orderShippedKey = (shipmentId: string) => `${ORDER_SHIPPED}:${shipmentId}`;

const carrierLabel = (code: string) => CARRIERS[code as CarrierCode]?.label ?? code;

export function renderOrderShipped(order: OrderSummary, shipment: Shipment): RenderedEmail {
  const name = order.shippingAddress.firstName?.trim();
  const subject = `Your order ${order.number} is on its way`;
  const carrier = carrierLabel(shipment.carrier);
  const text = [
    `${name ? `Hi ${name}, y` : "Y"}our order ${order.number} has shipped with ${carrier}.`,
    "",
    `Tracking number: ${shipment.trackingNumber}`,
    `Follow your parcel: ${shipment.trackingUrl}`,
    "",
    "You can also find the tracking link in your order history.",
    "Questions? Reply to this email and our care team will help.",
  ].join("\n");
  const html = noticeEmailHtml(subject, "Your order is on its way", `<p style="margin:0 0 12px;">${name ? `Hi ${e(name)}, y` : "Y"}our order <strong>${e(order.number)}</strong> has shipped with ${e(carrier)}.</p>
<p style="margin:0 0 12px;">Tracking number: <strong>${e(shipment.trackingNumber)}</strong></p>
<p style="margin:0 0 24px;"><a href="${e(shipment.trackingUrl)}" style="display:inline-block;padding:12px 20px;background:#1f3b2d;color:#ffffff;border-radius:6px;text-decoration:none;">Track your parcel</a></p>
<p style="margin:0;color:#4d5a52;font-size:14px;">You can also find the tracking link in your order history. Questions? Reply to this email and our care team will help.</p>`);
  return { subject, text, html };
}

/** Queues the shipped email in the caller's transaction (the shipment and its email commit together). */
export async function enqueueOrderShipped(db: Queryable, order: OrderSummary, shipment: Shipment, options: { now: Date }): Promise<string | null> {
  const { subject, text, html } = renderOrderShipped(order, shipment);
  return enqueueEmail(db, { to: order.email, subject, text, html, template: ORDER_SHIPPED, idempotencyKey: orderShippedKey(shipment.id) }, options);
}
