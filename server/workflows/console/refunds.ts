import { refundConfirmationProblem } from "../../../domain/confirmations";
import { ShopError } from "../../../domain/errors";
import type { OrderSummary } from "../../../domain/orders";
import type { Queryable } from "../../db/client";
import { gatewayOf } from "../../integrations/payments";
import { recordLedgerEntry } from "../../modules/ledger";
import { sendQueuedEmailsSoon } from "../../modules/email";
import { enqueueOrderRefunded, markOrderRefunded, orderSummary } from "../../modules/orders";
import { reverseRefundedOrder } from "../../modules/loyalty";
import { findPayment, findRefundByKey, markPaymentRefunded, paymentsOfOrder, refundableOf, refundedSucceeded, reserveRefund, settleRefund, type PaymentRefund, type PaymentRow } from "../../modules/payments";
import { findRenewalByCharge } from "../../modules/renewals";
import { dbOf, type Shop } from "../../shop";
import { onOrderRefunded } from "../reward-referrals";
import { consoleAction, type ConsoleActor } from "./console-action";

export interface RefundRequest {
  orderId: string;
  /** The payment to refund; the order's only payment when absent. */
  paymentId?: string;
  /** Minor units; absent with `full`: whatever is still refundable. */
  amount?: number;
  full?: boolean;
  reason: string;
  /** One refund per key: a retried or double-submitted request refunds once (the gateway gets the same key). */
  idempotencyKey: string;
  /**
   * The second look (issue 36, ADR 0075): the amount the confirmation showed, and the order number typed when the
   * refund empties the payment. Without them the refund is refused (domain/confirmations.ts).
   */
  confirmedAmount?: number;
  confirmation?: string;
}

export interface RefundOutcome {
  refund: Pick<PaymentRefund, "id" | "amount" | "currency" | "status" | "reason"> & { createdAt: string };
  /** What can still be refunded of the payment afterwards. */
  refundable: number;
  /** True when the key had already been used for this refund (nothing new was refunded). */
  replay: boolean;
}

/**
 * A full or partial refund of an order's payment (a checkout or a renewal charge), ADR 0038:
 * 1. one transaction takes the amount out of the payment's refundable balance (conditional update + check constraint,
 *    so two refunds at once can never exceed what was captured), writes the refund as pending and the audit entry;
 * 2. the gateway refunds with the key `refund:<key>` (a retry gets the same refund, never a second one);
 * 3. one transaction records the outcome: succeeded (with the ledger row of a renewal charge and the shopper's email)
 *    or failed (the amount goes back to the balance).
 * A request whose process died between 2 and 3 is finished by sending it again with the same key.
 */
/** The order and the payment a refund request names (the order's only payment when it names none). */
export async function paymentToRefund(db: Queryable, req: { orderId: string; paymentId?: string }): Promise<{ order: OrderSummary; payment: PaymentRow & { gatewayChargeId: string } }> {
  const order = await orderSummary(db, req.orderId);
  if (!order) throw new ShopError("NOT_FOUND", "There is no such order.");
  const all = await paymentsOfOrder(db, req.orderId);
  const payment = req.paymentId ? all.find((p) => p.id === req.paymentId) : all.length === 1 ? all[0] : undefined;
  if (!payment) throw new ShopError("NOT_FOUND", req.paymentId ? "That payment is not one of this order's." : "This order has no single payment to refund.");
  // A payment refunded in full is still named here: the balance check then answers REFUND_EXCEEDS_BALANCE.
  if (!["captured", "refunded"].includes(payment.status) || !payment.gatewayChargeId) throw new ShopError("VALIDATION_ERROR", "Only a captured payment can be refunded.");
  return { order, payment: payment as PaymentRow & { gatewayChargeId: string } };
}

export async function refundOrderPayment(shop: Shop, actor: ConsoleActor, req: RefundRequest): Promise<RefundOutcome> {
  const db = dbOf(shop);
  const reason = req.reason.trim();
  if (!reason) throw new ShopError("VALIDATION_ERROR", "Say why the refund is made.");
  const { order, payment } = await paymentToRefund(db, req);
  // A renewal's charge is also in the subscription's ledger, so its refund gets a ledger row there too.
  const renewal = await findRenewalByCharge(db, payment.gatewayChargeId);

  const reserve = () => consoleAction(shop, actor, "orders.refund", async (tx, now) => {
    const existing = await findRefundByKey(tx, req.idempotencyKey);
    if (existing) {
      const same = existing.paymentId === payment.id && (req.full || existing.amount === req.amount);
      if (!same) throw new ShopError("IDEMPOTENCY_CONFLICT", "This refund key was already used for a different refund.");
      return {
        result: { refund: existing, replay: true },
        audit: { targetType: "order", targetId: order.number, before: null, after: { refundId: existing.id, amount: existing.amount, status: existing.status, replay: true } },
      };
    }
    const fresh = (await findPayment(tx, payment.id))!;
    const amount = req.full ? refundableOf(fresh) : req.amount;
    if (amount === undefined || !Number.isInteger(amount) || amount <= 0) {
      throw new ShopError(req.full ? "REFUND_EXCEEDS_BALANCE" : "VALIDATION_ERROR", req.full ? "Nothing is left to refund of this payment." : "The refund must be a whole, positive amount in minor units.");
    }
    const refundable = refundableOf(fresh);
    if (amount > refundable) throw new ShopError("REFUND_EXCEEDS_BALANCE");
    // Checked on the balance this transaction holds: a refund that landed since the confirmation is seen here.
    const problem = refundConfirmationProblem({ amount, refundable, orderNumber: order.number, confirmedAmount: req.confirmedAmount, typed: req.confirmation });
    if (problem) throw new ShopError(problem.code, problem.message);
    const refund = await reserveRefund(tx, { payment: fresh, idempotencyKey: req.idempotencyKey, amount, reason: reason.slice(0, 500), staffEmail: actor.email, now });
    return {
      result: { refund, replay: false },
      audit: {
        targetType: "order",
        targetId: order.number,
        before: { paymentId: payment.id, captured: fresh.amount, refunded: fresh.refundedAmount },
        after: { refundId: refund.id, amount, currency: refund.currency, reason: refund.reason, refunded: fresh.refundedAmount + amount },
      },
    };
  });
  // The same key sent twice at once: the second waits for the first's row, then fails on the key (or finds nothing left
  // to refund). Once the first is committed, the second is its replay, as a retry after it would be.
  const reserved = await reserve().catch(async (error: unknown) => {
    if (await findRefundByKey(db, req.idempotencyKey)) return reserve();
    throw error;
  });

  let refund = reserved.refund;
  if (refund.status === "pending") {
    const gateway = gatewayOf(shop);
    let answer: { refundId: string } | Error;
    try {
      answer = await gateway.refund({ chargeId: payment.gatewayChargeId, amount: refund.amount, idempotencyKey: `refund:${refund.idempotencyKey}` });
    } catch (error) {
      answer = error instanceof Error ? error : new Error(String(error));
    }
    const now = shop.clock.now();
    if (answer instanceof Error) {
      shop.log.error({ err: answer, refundId: refund.id, orderId: req.orderId }, "the gateway refused a refund");
      await db.transaction((tx) => settleRefund(tx, refund, { status: "failed", failure: answer.message }, now));
      throw new ShopError("REFUND_FAILED");
    }
    const gatewayRefundId = answer.refundId;
    refund = await db.transaction(async (tx) => {
      const settled = await settleRefund(tx, refund, { status: "succeeded", gatewayRefundId }, now);
      // What the order gave comes back with each refund, in proportion (issue 24): its points, and the credit its
      // points were redeemed for. Here, so a retried or concurrent refund reverses once, with the refund or not at all.
      await reverseRefundedOrder(tx, { customerId: payment.customerId, orderId: req.orderId, paid: payment.amount, refundId: settled.id, refunded: () => refundedSucceeded(tx, payment.id), now });
      const after = (await findPayment(tx, payment.id))!;
      if (renewal) {
        await recordLedgerEntry(tx, {
          key: `refund:${refund.idempotencyKey}`,
          subscriptionId: renewal.subscriptionId,
          renewalId: renewal.id,
          kind: "refund",
          amount: -refund.amount,
          currency: refund.currency,
          gateway: gateway.name,
          chargeId: payment.gatewayChargeId,
          now,
        });
      }
      const remaining = refundableOf(after);
      if (remaining === 0) {
        await markOrderRefunded(tx, req.orderId);
        await markPaymentRefunded(tx, payment.id, now);
      }
      await enqueueOrderRefunded(tx, order, { id: refund.id, amount: refund.amount, currency: refund.currency, remaining }, { now });
      return settled;
    });
    // A refunded order in full earns nothing: its referral is voided or reversed and its spent credit given back (ADR 0036, 0040).
    if (refundableOf((await findPayment(db, payment.id))!) === 0) await onOrderRefunded(shop, { id: req.orderId, customerId: payment.customerId });
    await sendQueuedEmailsSoon(shop);
  }
  if (refund.status === "failed" && !reserved.replay) throw new ShopError("REFUND_FAILED");
  const latest = (await findPayment(db, payment.id))!;
  return {
    refund: { id: refund.id, amount: refund.amount, currency: refund.currency, status: refund.status, reason: refund.reason, createdAt: refund.createdAt.toISOString() },
    refundable: refundableOf(latest),
    replay: reserved.replay,
  };
}
