import { ShopError } from "../../domain/errors";
import { gatewayOf } from "../integrations/payments";
import { markOrderRefunded, paymentOfOrder } from "../modules/payments";
import { dbOf, type Shop } from "../shop";
import { onOrderRefunded } from "./reward-referrals";

/**
 * Refunds an order's captured payment in full at the gateway (keyed, so once) and records it: the payment is marked
 * refunded, a referral of the order is voided or reversed, and the order's points are taken back.
 */
export async function refundOrder(shop: Shop, orderId: string): Promise<{ refundId: string }> {
  const payment = await paymentOfOrder(dbOf(shop), orderId);
  if (!payment || !payment.gatewayChargeId || !["captured", "refunded"].includes(payment.status)) throw new ShopError("NOT_FOUND", "No paid order to refund.");
  const refund = await gatewayOf(shop).refund({ chargeId: payment.gatewayChargeId, amount: payment.amount, idempotencyKey: `order-refund:${orderId}` });
  await markOrderRefunded(dbOf(shop), orderId, shop.clock.now());
  await onOrderRefunded(shop, { id: orderId, customerId: payment.customerId });
  return refund;
}
