import { and, eq, lt } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { paymentMethods, payments } from "../../db/schema";
import type { CardDetails } from "../../integrations/payments/gateway";

export interface NewPayment {
  orderId: string;
  customerId: string;
  gateway: string;
  chargeId: string | null;
  amount: number;
  currency: string;
  card: CardDetails;
  now: Date;
}

export async function recordPayment(tx: Tx, p: NewPayment): Promise<string> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: p.orderId,
      customerId: p.customerId,
      gateway: p.gateway,
      gatewayChargeId: p.chargeId,
      amount: p.amount,
      currency: p.currency,
      status: p.chargeId ? "authorized" : "none",
      brand: p.card.brand,
      last4: p.card.last4,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function markCaptured(db: Queryable, paymentId: string, now: Date): Promise<void> {
  await db.update(payments).set({ status: "captured", updatedAt: now }).where(eq(payments.id, paymentId));
}

/**
 * Keeps the card for renewals (the gateway's token, brand and last four only). It becomes the customer's default
 * when `makeDefault` (the signed-in owner, or a customer with no orders yet) or when they have no default card.
 */
export async function savePaymentMethod(tx: Tx, customerId: string, gateway: string, token: string, card: CardDetails, makeDefault: boolean, now: Date): Promise<string> {
  const [current] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.isDefault, true)))
    .limit(1);
  const isDefault = makeDefault || !current;
  if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.customerId, customerId));
  const [row] = await tx
    .insert(paymentMethods)
    .values({ customerId, gateway, token, ...card, isDefault, createdAt: now })
    .onConflictDoUpdate({ target: [paymentMethods.customerId, paymentMethods.token], set: { isDefault } })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/** A saved payment method, only if it belongs to this customer. */
export async function findOwnPaymentMethod(db: Queryable, id: string, customerId: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** Payments still only authorized (their process stopped between writing the order and capturing). */
export async function uncapturedPaymentsBefore(db: Queryable, cutoff: Date): Promise<{ id: string; chargeId: string }[]> {
  const rows = await db
    .select({ id: payments.id, chargeId: payments.gatewayChargeId })
    .from(payments)
    .where(and(eq(payments.status, "authorized"), lt(payments.createdAt, cutoff)));
  return rows.flatMap((r) => (r.chargeId ? [{ id: r.id, chargeId: r.chargeId }] : []));
}

/** The card an order was paid with (brand and last four), or null for an order without a payment. */
export async function paymentCardOfOrder(db: Queryable, orderId: string): Promise<{ brand: string; last4: string } | null> {
  const [row] = await db.select({ brand: payments.brand, last4: payments.last4 }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row ?? null;
}
