import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import type { Queryable, Tx } from "../../db/client";
import { paymentRefunds, payments } from "../../db/schema";

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
export type RefundStatus = "pending" | "succeeded" | "failed";

/** The payments of an order (one for a checkout or a renewal), oldest first, with what is refunded of each. */
export async function paymentsOfOrder(db: Queryable, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

/** What can still be refunded of a captured payment: captured minus every refund not failed. */
export const refundableOf = (p: Pick<PaymentRow, "status" | "amount" | "refundedAmount">) => (p.status === "captured" ? p.amount - p.refundedAmount : 0);

export async function refundsOfOrder(db: Queryable, orderId: string): Promise<PaymentRefund[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(asc(paymentRefunds.createdAt));
}

export async function findRefundByKey(db: Queryable, idempotencyKey: string): Promise<PaymentRefund | null> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/**
 * Takes a refund out of the payment's refundable balance and records it as pending, in the caller's transaction. The
 * conditional update answers a refund larger than the balance; the table's check constraint refuses it even if a
 * caller forgot the condition. The unique key makes a second row for the same request impossible.
 */
export async function reserveRefund(
  tx: Tx,
  r: { payment: PaymentRow; idempotencyKey: string; amount: number; reason: string; staffEmail: string; now: Date },
): Promise<PaymentRefund> {
  const [reserved] = await tx
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} + ${r.amount}`, updatedAt: r.now })
    .where(and(eq(payments.id, r.payment.id), eq(payments.status, "captured"), sql`${payments.refundedAmount} + ${r.amount} <= ${payments.amount}`))
    .returning({ refundedAmount: payments.refundedAmount, amount: payments.amount });
  if (!reserved) {
    const fresh = await findPayment(tx, r.payment.id);
    const left = fresh ? refundableOf(fresh) : 0;
    throw new ShopError("REFUND_EXCEEDS_BALANCE", `Only ${left} (minor units) of this payment can still be refunded.`);
  }
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      idempotencyKey: r.idempotencyKey,
      paymentId: r.payment.id,
      orderId: r.payment.orderId,
      amount: r.amount,
      currency: r.payment.currency,
      reason: r.reason,
      status: "pending",
      staffEmail: r.staffEmail,
      createdAt: r.now,
      updatedAt: r.now,
    })
    .returning();
  return row!;
}

/** Records the gateway's answer: succeeded, or failed, which gives the amount back to the refundable balance. */
export async function settleRefund(tx: Tx, refund: PaymentRefund, outcome: { status: "succeeded"; gatewayRefundId: string } | { status: "failed"; failure: string }, now: Date): Promise<PaymentRefund> {
  const [row] = await tx
    .update(paymentRefunds)
    .set(outcome.status === "succeeded" ? { status: "succeeded", gatewayRefundId: outcome.gatewayRefundId, updatedAt: now } : { status: "failed", failure: outcome.failure.slice(0, 500), updatedAt: now })
    .where(and(eq(paymentRefunds.id, refund.id), eq(paymentRefunds.status, "pending")))
    .returning();
  if (!row) return (await findRefundByKey(tx, refund.idempotencyKey))!;
  if (outcome.status === "failed") {
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}`, updatedAt: now })
      .where(eq(payments.id, refund.paymentId));
  }
  return row;
}

/** What succeeded refunds gave back of a payment (pending ones not counted: they may still fail). */
export async function refundedSucceeded(db: Queryable, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, "succeeded")));
  return Number(row?.total ?? 0);
}

/** The payment's refunded total as its refund rows say (the ledger of refunds): equal to refunded_amount. */
export async function refundedByRows(db: Queryable, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), sql`${paymentRefunds.status} <> 'failed'`));
  return Number(row?.total ?? 0);
}

/**
 * Per order: what its payments captured and what succeeded refunds gave back, for the status staff see (partially
 * refunded, refunded: domain/order-status.ts). Two indexed reads for a page of orders (payments_order_idx,
 * payment_refunds_order_idx).
 */
export async function moneyOfOrders(db: Queryable, orderIds: readonly string[]): Promise<Map<string, { paid: number; refunded: number }>> {
  const money = new Map<string, { paid: number; refunded: number }>(orderIds.map((id) => [id, { paid: 0, refunded: 0 }]));
  if (orderIds.length === 0) return money;
  const [paid, refunded] = await Promise.all([
    db
      .select({ orderId: payments.orderId, total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, ["captured", "refunded"])))
      .groupBy(payments.orderId),
    db
      .select({ orderId: paymentRefunds.orderId, total: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
      .from(paymentRefunds)
      .where(and(inArray(paymentRefunds.orderId, [...orderIds]), eq(paymentRefunds.status, "succeeded")))
      .groupBy(paymentRefunds.orderId),
  ]);
  for (const row of paid) money.get(row.orderId)!.paid = Number(row.total);
  for (const row of refunded) money.get(row.orderId)!.refunded = Number(row.total);
  return money;
}
