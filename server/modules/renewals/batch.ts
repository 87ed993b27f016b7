import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Cents } from "../../../domain/money";
import type { PriceAgreement, RenewalQuote } from "../../../domain/renewal-quote";
import type { Queryable, Tx } from "../../db/client";
import { priceNotices, renewalAttempts, renewals, retentionOffers, subscriptionPrices } from "../../db/schema";
import { valuesTable } from "../../db/values-table";
import type { AttemptRecord, RenewalRow } from "./renewals";

/**
 * The renewal engine's set-based reads and writes (ADR 0029): a batch of claimed renewals is loaded in a few statements
 * and its paid outcomes written with multi-row statements, so the round trips per renewal stay well under one.
 * Every write keeps the guards of the one-at-a-time functions in renewals.ts: the attempt number, the unique keys.
 */

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export async function findRenewals(db: Queryable, ids: string[]): Promise<RenewalRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(renewals).where(inArray(renewals.id, ids));
}

/** What each subscription agreed to pay and the notices of new prices it was sent: two statements for a batch. */
export async function priceAgreementsOf(db: Queryable, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return (_: string, __: Cents): PriceAgreement | null => null;
  const [agreed, notices] = await Promise.all([
    db.select().from(subscriptionPrices).where(inArray(subscriptionPrices.subscriptionId, subscriptionIds)),
    db.select().from(priceNotices).where(inArray(priceNotices.subscriptionId, subscriptionIds)),
  ]);
  const agreedBy = new Map(agreed.map((a) => [a.subscriptionId, a.unitPrice]));
  return (subscriptionId: string, listPrice: Cents): PriceAgreement | null => {
    const agreedPrice = agreedBy.get(subscriptionId);
    if (agreedPrice === undefined) return null;
    const notice = notices.find((n) => n.subscriptionId === subscriptionId && n.unitPrice === listPrice);
    return { agreedPrice: agreedPrice as Cents, notice: notice ? { price: notice.unitPrice as Cents, sentAt: notice.sentAt } : null };
  };
}

/** Subscriptions with an unused retention offer. */
export async function retentionOffersOf(db: Queryable, subscriptionIds: string[]): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const rows = await db
    .select({ s: retentionOffers.subscriptionId })
    .from(retentionOffers)
    .where(and(inArray(retentionOffers.subscriptionId, subscriptionIds), isNull(retentionOffers.consumedByRenewalId)));
  return new Set(rows.map((r) => r.s));
}

/** Freezes the quotes of renewals not priced yet, in one statement; answers the ids this call froze. */
export async function freezeQuotes(db: Queryable, list: { id: string; quote: RenewalQuote }[], now: Date): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const v = valuesTable("v", [["id", "uuid"], ["quote", "jsonb"], ["amount", "int"], ["currency", "text"]], list.map((f) => [f.id, JSON.stringify(f.quote), f.quote.total, f.quote.currency]));
  const result = await db.execute<{ id: string }>(sql`
    UPDATE renewals r SET quote = v.quote, amount = v.amount, currency = v.currency, updated_at = ${now}
    FROM ${v} WHERE r.id = v.id AND r.quote = 'null'::jsonb RETURNING r.id`);
  return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
}

/**
 * Records the successful attempt of many pending renewals (paid) in one statement plus the attempt rows in another.
 * Only renewals still at the attempt before and still pending move: of two workers that charged with the same key,
 * one records it. Answers the ids this call recorded.
 */
export async function recordPaidAttempts(tx: Tx, list: AttemptRecord[]): Promise<Set<string>> {
  if (list.length === 0) return new Set();
  const now = list[0]!.at;
  const v = valuesTable("v", [["id", "uuid"], ["attempt", "int"], ["charge_id", "text"]], list.map((a) => [a.renewalId, a.number, a.chargeId]));
  const result = await tx.execute<{ id: string }>(sql`
    UPDATE renewals r SET status = 'paid', attempts = v.attempt, charge_id = v.charge_id, lease_until = NULL, next_attempt_at = NULL, updated_at = ${now}
    FROM ${v} WHERE r.id = v.id AND r.attempts = v.attempt - 1 AND r.status = 'pending' RETURNING r.id`);
  const won = new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  const rows = list.filter((a) => won.has(a.renewalId));
  if (rows.length > 0) await tx.insert(renewalAttempts).values(rows);
  return won;
}

/** Names the order each paid renewal wrote (after the orders exist: the column references them). */
export async function setRenewalOrders(tx: Tx, list: { renewalId: string; orderId: string }[]): Promise<void> {
  if (list.length === 0) return;
  const v = valuesTable("v", [["id", "uuid"], ["order_id", "uuid"]], list.map((o) => [o.renewalId, o.orderId]));
  await tx.execute(sql`UPDATE renewals r SET order_id = v.order_id FROM ${v} WHERE r.id = v.id`);
}

export async function consumeRetentionOffers(tx: Tx, list: { subscriptionId: string; renewalId: string }[]): Promise<void> {
  if (list.length === 0) return;
  const v = valuesTable("v", [["sub", "uuid"], ["rid", "uuid"]], list.map((c) => [c.subscriptionId, c.renewalId]));
  await tx.execute(sql`UPDATE retention_offers o SET consumed_by_renewal_id = v.rid FROM ${v} WHERE o.subscription_id = v.sub AND o.consumed_by_renewal_id IS NULL`);
}

/** The unit prices the paid subscriptions agree to from now on, in one upsert. */
export async function agreePrices(tx: Tx, list: { subscriptionId: string; unitPrice: number; currency: string }[], now: Date): Promise<void> {
  if (list.length === 0) return;
  await tx
    .insert(subscriptionPrices)
    .values(list.map((p) => ({ subscriptionId: p.subscriptionId, unitPrice: p.unitPrice, currency: p.currency, agreedAt: now })))
    .onConflictDoUpdate({
      target: subscriptionPrices.subscriptionId,
      set: { unitPrice: sql`excluded.unit_price`, currency: sql`excluded.currency`, agreedAt: sql`excluded.agreed_at` },
    });
}
