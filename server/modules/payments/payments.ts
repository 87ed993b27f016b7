import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { runAsOneStatement, statementPart, type StatementPart } from "../../db/one-statement";
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

/** Writes the payment; its id is made here, so nothing needs reading back. */
export async function recordPayment(tx: Tx, p: NewPayment): Promise<string> {
  const [row] = paymentRows([p], "authorized");
  await tx.insert(payments).values(row!);
  return row!.id;
}

/** The authorized payment of a checkout order as a part of the order's one statement (ADR 0046), and its id. */
export function paymentPart(db: Queryable, p: NewPayment): { part: StatementPart; id: string } {
  const [row] = paymentRows([p], "authorized");
  return { part: statementPart("payment", db.insert(payments).values(row!)), id: row!.id };
}

/** Payments already captured (a renewal charged off-session and captured at once), many in one statement. */
export async function recordCapturedPayments(tx: Tx, list: NewPayment[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(payments).values(paymentRows(list, "captured"));
}

/** The rows to write: the charge's state, or "none" when nothing was charged (a fully discounted order). */
function paymentRows(list: NewPayment[], charged: "authorized" | "captured") {
  return list.map((p) => ({
    id: randomUUID(),
    orderId: p.orderId,
    customerId: p.customerId,
    gateway: p.gateway,
    gatewayChargeId: p.chargeId,
    amount: p.amount,
    currency: p.currency,
    status: p.chargeId ? charged : "none",
    brand: p.card.brand,
    last4: p.card.last4,
    createdAt: p.now,
    updatedAt: p.now,
  }));
}

/** Saved cards by id (a renewal batch); the caller checks each belongs to its subscription's customer. */
export async function findPaymentMethods(db: Queryable, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof paymentMethods.$inferSelect>();
  const rows = await db.select().from(paymentMethods).where(inArray(paymentMethods.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function markCaptured(db: Queryable, paymentId: string, now: Date): Promise<void> {
  await captureUpdate(db, paymentId, now);
}

/** The payment captured, as a part of a statement (the checkout joins it with the order's points, ADR 0046). */
export function capturedPart(db: Queryable, paymentId: string, now: Date): StatementPart {
  return statementPart("payment_captured", captureUpdate(db, paymentId, now));
}

function captureUpdate(db: Queryable, paymentId: string, now: Date) {
  return db.update(payments).set({ status: "captured", updatedAt: now }).where(eq(payments.id, paymentId));
}

/**
 * Keeps the card for renewals (the gateway's token, brand and last four only). It becomes the customer's default
 * when `makeDefault` (the signed-in owner, or a customer with no orders yet) or when they have no default card.
 */
export async function savePaymentMethod(tx: Tx, customerId: string, gateway: string, token: string, card: CardDetails, makeDefault: boolean, now: Date): Promise<string> {
  const saved = savedCardParts({ customerId, gateway, token, card, makeDefault, now });
  const [row] = await runAsOneStatement<{ id: string }>(tx, saved.parts, sql`select ${saved.id} as id`);
  return row!.id;
}

export interface CardToSave {
  customerId: string;
  gateway: string;
  token: string;
  card: CardDetails;
  makeDefault: boolean;
  now: Date;
  /** Kept by a held order (ADR 0057): it pays that order's subscriptions, but is not the account's card until claimed. */
  heldAt?: Date | null;
}

/**
 * The saved card as parts of one statement (ADR 0046): whether it becomes the default (asked for, or no default yet),
 * the other cards' flag cleared when it does, and the card written. `id` reads the card's id from those parts. The
 * clearing leaves this token's own row to the upsert (a row changed twice in one statement would keep only one change).
 */
export function savedCardParts(c: CardToSave): { parts: StatementPart[]; id: SQL } {
  const heldAt = c.heldAt ?? null;
  // A held card is never the default; and it never changes a card the account already has under the same token.
  const becomesDefault = heldAt
    ? sql`false`
    : sql`(${c.makeDefault}::boolean or not exists (select 1 from payment_methods where customer_id = ${c.customerId} and is_default))`;
  const cleared = sql`
    update payment_methods set is_default = false
    where customer_id = ${c.customerId} and is_default and token <> ${c.token} and ${becomesDefault}
    returning id`;
  const saved = sql`
    insert into payment_methods (customer_id, gateway, token, brand, last4, exp_month, exp_year, fingerprint, is_default, held_at, created_at)
    values (${c.customerId}, ${c.gateway}, ${c.token}, ${c.card.brand}, ${c.card.last4}, ${c.card.expMonth}, ${c.card.expYear}, ${c.card.fingerprint ?? null}, ${becomesDefault}, ${heldAt}, ${c.now})
    on conflict (customer_id, token) do update set
      is_default = case when excluded.held_at is null then excluded.is_default else payment_methods.is_default end,
      held_at = case when excluded.held_at is null then null else payment_methods.held_at end
    returning id`;
  return { parts: [statementPart("cards_cleared", cleared), statementPart(SAVED_CARD, saved)], id: sql`(select id from ${sql.identifier(SAVED_CARD)})` };
}

const SAVED_CARD = "saved_card";

/**
 * A saved payment method, only if it belongs to this customer. A held card (kept by a held order, ADR 0057) is not
 * the customer's until claimed: only `includeHeld` (the renewals of the subscription it pays) finds it.
 */
export async function findOwnPaymentMethod(db: Queryable, id: string, customerId: string, options: { includeHeld?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.customerId, customerId), options.includeHeld ? undefined : isNull(paymentMethods.heldAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The account's address was just proven (ADR 0057): the cards its held orders kept become the account's. The newest
 * becomes the default when the account has none (as any card saved without a default does). One statement: the
 * subqueries read the cards as they were before it.
 */
export async function claimHeldPaymentMethods(db: Queryable, customerId: string): Promise<void> {
  await db
    .update(paymentMethods)
    .set({
      heldAt: null,
      isDefault: sql`(${paymentMethods.id} = (select id from payment_methods where customer_id = ${customerId} and held_at is not null order by created_at desc, id desc limit 1)
        and not exists (select 1 from payment_methods where customer_id = ${customerId} and is_default))`,
    })
    .where(and(eq(paymentMethods.customerId, customerId), isNotNull(paymentMethods.heldAt)));
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

/** The payment of an order (its first), for a refund or a referral's check. */
export async function paymentOfOrder(db: Queryable, orderId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row ?? null;
}

/** Marks an order's payment refunded (the gateway refunded it). */
/** A payment refunded in full (the console's refund, ADR 0038): the referral job then treats its order as refunded. */
export async function markPaymentRefunded(db: Queryable, paymentId: string, now: Date): Promise<void> {
  await db.update(payments).set({ status: "refunded", updatedAt: now }).where(eq(payments.id, paymentId));
}
