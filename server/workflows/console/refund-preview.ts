import { refundEmptiesPayment } from "../../../domain/confirmations";
import { ShopError } from "../../../domain/errors";
import type { RefundPreview } from "../../../domain/refund-preview";
import { planRefundReversal } from "../../modules/loyalty";
import { renderOrderRefunded } from "../../modules/orders";
import { refundableOf, refundedSucceeded } from "../../modules/payments";
import { dbOf, type Shop } from "../../shop";
import { fullRefundEffects } from "../reward-referrals";
import { paymentToRefund } from "./refunds";

export type { RefundPreview };

export interface RefundPreviewRequest {
  orderId: string;
  paymentId?: string;
  /** Minor units; absent with `full`. */
  amount?: number;
  full?: boolean;
}

/**
 * The refund's consequences computed by the code that will carry them out: the email from renderOrderRefunded, the
 * points from planRefundReversal (which reverseRefundedOrder applies), and for a refund of everything left the
 * referral and credit effects of onOrderRefunded (fullRefundEffects). Bad amounts are refused as the refund refuses them.
 */
export async function previewRefund(shop: Shop, req: RefundPreviewRequest): Promise<RefundPreview> {
  const db = dbOf(shop);
  const { order, payment } = await paymentToRefund(db, req);
  const refundable = refundableOf(payment);
  const amount = req.full ? refundable : req.amount;
  if (amount === undefined || !Number.isInteger(amount) || amount <= 0) {
    throw new ShopError(req.full ? "REFUND_EXCEEDS_BALANCE" : "VALIDATION_ERROR", req.full ? "Nothing is left to refund of this payment." : "The refund must be a whole, positive amount in minor units.");
  }
  if (amount > refundable) throw new ShopError("REFUND_EXCEEDS_BALANCE");
  const remaining = refundable - amount;
  const email = renderOrderRefunded(order, { id: "preview", amount, currency: payment.currency, remaining });
  const succeeded = await refundedSucceeded(db, payment.id);
  // As the refund will ask once it has succeeded: what succeeded refunds gave back, this one included.
  const plan = await planRefundReversal(db, { customerId: payment.customerId, orderId: req.orderId, paid: payment.amount, refundId: "preview", refunded: async () => succeeded + amount }, { lock: false });
  const empties = refundEmptiesPayment(amount, refundable);
  return {
    orderNumber: order.number,
    paymentId: payment.id,
    amount,
    currency: payment.currency,
    remaining,
    emptiesPayment: empties,
    email: { to: order.email, subject: email.subject, text: email.text },
    loyalty: { points: plan.points, credit: plan.credit, creditCurrency: plan.creditAccount?.replace(/^credit:/, "") ?? null },
    fullRefund: empties ? await fullRefundEffects(db, req.orderId) : null,
  };
}
