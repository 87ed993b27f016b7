import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Address } from "../../../domain/address";
import type { Currency } from "../../../domain/money";
import { orderNumber, type OrderSummary } from "../../../domain/orders";
import type { PlanCode } from "../../../domain/plans";
import type { Quote } from "../../../domain/quote";
import type { ShippingMethod } from "../../../domain/shipping";
import type { Queryable, Tx } from "../../db/client";
import { statementPart, type StatementPart } from "../../db/one-statement";
import { orderLines, orders } from "../../db/schema";
import { paymentCardOfOrder } from "../payments";
import { subscriptionsOfOrder } from "../subscriptions";

export interface NewOrder {
  customerId: string;
  email: string;
  /** creditApplied: member credit already taken off quote.total (a checkout order, ADR 0040). */
  quote: Quote & { creditApplied?: number };
  shippingAddress: Address;
  idempotencyKey: string;
  now: Date;
  /** Placed signed-out under an existing account's email: not the account's until the address is proven (ADR 0057). */
  heldAt?: Date | null;
  /** The shopper's consent to automatic renewal, for an order that starts a subscription (ADR 0063). */
  renewalConsent?: { at: Date; termsVersion: string } | null;
}

/** The orders row of a paid order (one renewal, a renewal batch, or a checkout order). */
function orderRow(o: NewOrder) {
  const { quote } = o;
  return {
    creditApplied: quote.creditApplied ?? 0,
    customerId: o.customerId,
    email: o.email,
    status: "paid",
    currency: quote.currency,
    country: quote.country,
    subtotal: quote.subtotal,
    discountTotal: quote.discountTotal,
    discounts: quote.discounts,
    shippingMethod: quote.shipping.method,
    shippingLabel: quote.shipping.label,
    shippingAmount: quote.shipping.amount,
    total: quote.total,
    shippingAddress: o.shippingAddress,
    preorderMessage: quote.preorderMessage,
    idempotencyKey: o.idempotencyKey,
    heldAt: o.heldAt ?? null,
    renewalConsentAt: o.renewalConsent?.at ?? null,
    renewalTermsVersion: o.renewalConsent?.termsVersion ?? null,
    createdAt: o.now,
  };
}

function lineRows(orderId: string, o: NewOrder) {
  return o.quote.lines.map((line, position) => ({ orderId, position, ...line }));
}

/** Writes a paid order and its lines (inside the caller's transaction). */
export async function insertOrder(tx: Tx, o: NewOrder): Promise<{ id: string; number: number }> {
  const [row] = await tx.insert(orders).values(orderRow(o)).returning({ id: orders.id, number: orders.number });
  await tx.insert(orderLines).values(lineRows(row!.id, o));
  return row!;
}

/**
 * A checkout order and its lines as two parts of one statement (ADR 0046), under the id and number the caller holds
 * (the number reserved with the claim, so the confirmation email can be written in the same statement). `gate` is the
 * order's idempotency key as an SQL value read from another part: NULL when that part wrote nothing, which the NOT
 * NULL column refuses, failing the whole statement.
 */
export function checkoutOrderParts(db: Queryable, o: NewOrder & { id: string; number: number }, gate: SQL): StatementPart[] {
  return [
    statementPart("order_row", db.insert(orders).values({ ...orderRow(o), id: o.id, number: o.number, idempotencyKey: gate })),
    statementPart("order_lines", db.insert(orderLines).values(lineRows(o.id, o))),
  ];
}

/**
 * Writes many paid orders and their lines in two statements (a renewal batch). Answers each order's id and number in
 * the order given. A key already used fails the whole statement, so the caller's transaction writes nothing.
 */
export async function insertOrders(tx: Tx, list: NewOrder[]): Promise<{ id: string; number: number }[]> {
  if (list.length === 0) return [];
  const written = await tx
    .insert(orders)
    .values(list.map(orderRow))
    .returning({ id: orders.id, number: orders.number, key: orders.idempotencyKey });
  const byKey = new Map(written.map((w) => [w.key, w]));
  const rows = list.map((o) => byKey.get(o.idempotencyKey)!);
  await tx.insert(orderLines).values(list.flatMap((o, i) => lineRows(rows[i]!.id, o)));
  return rows.map((r) => ({ id: r.id, number: r.number }));
}

/**
 * The order as the shopper sees it, built from what the caller just wrote (no reading back): the same as orderSummary
 * would read after the commit (server/workflows/place-order.statements.test.ts compares the two).
 */
export function writtenOrderSummary(
  o: NewOrder & { id: string; number: number },
  payment: { brand: string; last4: string } | null,
  subscriptions: OrderSummary["subscriptions"],
): OrderSummary {
  const { quote } = o;
  return {
    id: o.id,
    number: orderNumber(o.number),
    email: o.email,
    status: "paid",
    currency: quote.currency,
    lines: quote.lines.map((l) => ({
      productCode: l.productCode,
      planCode: l.planCode,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listTotal: l.listTotal,
      discount: l.discount,
      total: l.total,
      bonus: l.bonus,
    })),
    subtotal: quote.subtotal,
    discounts: quote.discounts,
    discountTotal: quote.discountTotal,
    shipping: { method: quote.shipping.method, label: quote.shipping.label, amount: quote.shipping.amount },
    creditApplied: quote.creditApplied ?? 0,
    total: quote.total,
    shippingAddress: o.shippingAddress,
    payment: { brand: payment?.brand ?? "none", last4: payment?.last4 ?? "" },
    subscriptions,
    preorderMessage: quote.preorderMessage,
    createdAt: o.now.toISOString(),
  };
}

export async function countPaidOrders(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(and(eq(orders.customerId, customerId), eq(orders.status, "paid"), isNull(orders.heldAt)));
  return row?.n ?? 0;
}

/**
 * The address of the account was just proven (ADR 0057): its held orders (placed signed-out under its email) become
 * the account's. Answers them, for the points they earn now.
 */
export async function claimHeldOrders(db: Queryable, customerId: string): Promise<{ id: string; total: number }[]> {
  return db
    .update(orders)
    .set({ heldAt: null })
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.heldAt)))
    .returning({ id: orders.id, total: orders.total });
}

/** Which of these ids are orders (the loyalty job asks before giving back the credit of an order never written). */
export async function findOrderIdsAmong(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function findOrderIdByKey(db: Queryable, idempotencyKey: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, idempotencyKey)).limit(1);
  return row?.id ?? null;
}

/** The order as the shopper sees it, or null. Callers check who may see it. */
/** The renewal consent recorded with an order (ADR 0063): null for an order that started no subscription. */
export async function renewalConsentOf(db: Queryable, orderId: string): Promise<{ at: Date; termsVersion: string } | null> {
  const [row] = await db.select({ at: orders.renewalConsentAt, version: orders.renewalTermsVersion }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.at && row.version ? { at: row.at, termsVersion: row.version } : null;
}

export async function orderSummary(db: Queryable, orderId: string): Promise<OrderSummary | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  // The payment and the subscriptions are their modules' tables: asked for, not read here.
  const [lines, payment, subs] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    paymentCardOfOrder(db, orderId),
    subscriptionsOfOrder(db, orderId),
  ]);
  return {
    id: order.id,
    number: orderNumber(order.number),
    email: order.email,
    status: order.status as OrderSummary["status"],
    currency: order.currency as Currency,
    lines: lines.map((l) => ({
      productCode: l.productCode,
      planCode: l.planCode as PlanCode | null,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      listTotal: l.listTotal,
      discount: l.discount,
      total: l.total,
      bonus: l.bonus,
    })),
    subtotal: order.subtotal,
    discounts: order.discounts as OrderSummary["discounts"],
    discountTotal: order.discountTotal,
    shipping: { method: order.shippingMethod as ShippingMethod, label: order.shippingLabel, amount: order.shippingAmount },
    creditApplied: order.creditApplied,
    total: order.total,
    shippingAddress: order.shippingAddress as Address,
    payment: { brand: payment?.brand ?? "none", last4: payment?.last4 ?? "" },
    subscriptions: subs,
    preorderMessage: order.preorderMessage,
    createdAt: order.createdAt.toISOString(),
  };
}

/** A paid order whose payment was refunded in full: it is no longer shipped. */
export async function markOrderRefunded(tx: Queryable, orderId: string): Promise<void> {
  await tx.update(orders).set({ status: "refunded" }).where(and(eq(orders.id, orderId), eq(orders.status, "paid")));
}
