import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Cents } from "../../../domain/money";
import type { RenewalQuote } from "../../../domain/renewal-quote";
import type { Queryable, Tx } from "../../db/client";
import { renewalAttempts, renewals, retentionOffers } from "../../db/schema";

export type RenewalRow = typeof renewals.$inferSelect;
/** skipped: the member asked to confirm each charge and did not confirm this one (the date moved on, nothing charged). */
export const RENEWAL_STATUSES = ["pending", "retrying", "card_needed", "action_needed", "paid", "canceled", "skipped"] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
/** Renewals that still want money: the subscription's date must not move under them. */
export const OPEN_RENEWAL_STATUSES: readonly RenewalStatus[] = ["pending", "retrying", "card_needed", "action_needed"];

/**
 * How long a worker holds a renewal it claimed; a renewal still pending after this was left by a stopped process. The
 * worker renews it every RENEWAL_LEASE_RENEW_MS while the renewal is in hand (ADR 0051), so a killed worker's renewals
 * are taken over by the next sweep after half a minute, and a slow gateway never makes a living one's look abandoned.
 */
export const RENEWAL_LEASE_MS = 30_000;
export const RENEWAL_LEASE_RENEW_MS = 10_000;

/** Keeps the lease of renewals still pending in this worker's hands (a settled renewal has no lease to keep). */
export async function extendRenewalLeases(db: Queryable, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(renewals)
    .set({ leaseUntil: new Date(now.getTime() + RENEWAL_LEASE_MS) })
    .where(and(inArray(renewals.id, ids), eq(renewals.status, "pending"), isNotNull(renewals.leaseUntil)));
}

/**
 * Opens the renewal of up to `limit` subscriptions that are due (active, next billing date reached, no renewal for that
 * period yet), oldest first, locking them so two workers never open the same ones; then takes over renewals whose
 * retry is due or whose worker died. One statement each, so a crash leaves either the claim or nothing.
 * The subscriptions table is read here (not written): the claim must see both sides in one statement.
 */
export async function claimDueRenewals(db: Queryable, now: Date, limit: number, onlySubscriptionId?: string): Promise<string[]> {
  const onlySub = onlySubscriptionId ? sql`AND s.id = ${onlySubscriptionId}` : sql``;
  const onlyRenewalSub = onlySubscriptionId ? sql`AND subscription_id = ${onlySubscriptionId}` : sql``;
  const lease = new Date(now.getTime() + RENEWAL_LEASE_MS);
  const opened = await db.execute<{ id: string }>(sql`
    INSERT INTO renewals (subscription_id, customer_id, period, due_at, status, attempts, lease_until, quote, amount, currency, payment_method_id, created_at, updated_at)
    SELECT s.id, s.customer_id, to_char(s.next_billing_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), s.next_billing_at, 'pending', 0, ${lease}, 'null'::jsonb, 0, s.currency, s.payment_method_id, ${now}, ${now}
    FROM subscriptions s
    WHERE s.status = 'active' AND s.next_billing_at <= ${now} ${onlySub}
      AND NOT EXISTS (SELECT 1 FROM renewals r WHERE r.subscription_id = s.id AND r.period = to_char(s.next_billing_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    ORDER BY s.next_billing_at
    LIMIT ${limit}
    FOR UPDATE OF s SKIP LOCKED
    ON CONFLICT (subscription_id, period) DO NOTHING
    RETURNING id`);
  const openedIds = rowsOf<{ id: string }>(opened).map((r) => r.id);
  const room = limit - openedIds.length;
  if (room <= 0) return openedIds;
  const taken = await db.execute<{ id: string }>(sql`
    WITH due AS (
      SELECT id FROM renewals
      WHERE ((status = 'pending' AND lease_until < ${now}) OR (status = 'retrying' AND next_attempt_at <= ${now})) ${onlyRenewalSub}
      ORDER BY due_at LIMIT ${room} FOR UPDATE SKIP LOCKED
    )
    UPDATE renewals r SET status = 'pending', lease_until = ${lease}, updated_at = ${now} FROM due WHERE r.id = due.id
    RETURNING r.id`);
  return [...openedIds, ...rowsOf<{ id: string }>(taken).map((r) => r.id)];
}

/** Both drivers answer execute() differently: node-postgres a result with rows, PGlite the same shape. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export async function findRenewal(db: Queryable, id: string): Promise<RenewalRow | null> {
  const [row] = await db.select().from(renewals).where(eq(renewals.id, id)).limit(1);
  return row ?? null;
}

export async function findRenewalOfPeriod(db: Queryable, subscriptionId: string, period: string): Promise<RenewalRow | null> {
  const [row] = await db.select().from(renewals).where(and(eq(renewals.subscriptionId, subscriptionId), eq(renewals.period, period))).limit(1);
  return row ?? null;
}

export async function renewalsOfSubscription(db: Queryable, subscriptionId: string): Promise<RenewalRow[]> {
  return db.select().from(renewals).where(eq(renewals.subscriptionId, subscriptionId)).orderBy(renewals.dueAt);
}

/** The renewal of a subscription that still wants money, if any (the portal must not move its date meanwhile). */
export async function openRenewalOf(db: Queryable, subscriptionId: string): Promise<RenewalRow | null> {
  const [row] = await db
    .select()
    .from(renewals)
    .where(and(eq(renewals.subscriptionId, subscriptionId), inArray(renewals.status, [...OPEN_RENEWAL_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** Freezes the priced charge on its first attempt; a takeover after a crash reads the frozen one. */
export async function freezeQuote(db: Queryable, id: string, quote: RenewalQuote, now: Date): Promise<RenewalRow> {
  const [frozen] = await db
    .update(renewals)
    .set({ quote, amount: quote.total, currency: quote.currency, updatedAt: now })
    .where(and(eq(renewals.id, id), sql`${renewals.quote} = 'null'::jsonb`))
    .returning();
  return frozen ?? (await findRenewal(db, id))!;
}

export interface AttemptRecord {
  renewalId: string;
  number: number;
  outcome: "succeeded" | "declined" | "requires_action";
  declineCode: string | null;
  declineKind: string | null;
  chargeId: string | null;
  amount: number;
  currency: string;
  at: Date;
}

/**
 * Records attempt `number` and moves the renewal on, only if it is still at the attempt before (`fromStatuses`):
 * of two workers that both charged with the same key, one records it. Answers whether this call did.
 */
export async function recordAttempt(
  tx: Tx,
  a: AttemptRecord,
  fromStatuses: readonly RenewalStatus[],
  next: Partial<Pick<RenewalRow, "status" | "nextAttemptAt" | "lastDeclineCode" | "lastDeclineKind" | "chargeId" | "orderId" | "leaseUntil">>,
): Promise<boolean> {
  const moved = await tx
    .update(renewals)
    .set({ ...next, attempts: a.number, updatedAt: a.at })
    .where(and(eq(renewals.id, a.renewalId), eq(renewals.attempts, a.number - 1), inArray(renewals.status, [...fromStatuses])))
    .returning({ id: renewals.id });
  if (moved.length === 0) return false;
  await tx.insert(renewalAttempts).values(a);
  return true;
}

export async function setRenewalStatus(tx: Tx, id: string, from: readonly RenewalStatus[], next: Partial<RenewalRow>, now: Date): Promise<boolean> {
  const rows = await tx
    .update(renewals)
    .set({ ...next, updatedAt: now })
    .where(and(eq(renewals.id, id), inArray(renewals.status, [...from])))
    .returning({ id: renewals.id });
  return rows.length === 1;
}

export async function attemptsOf(db: Queryable, renewalId: string) {
  return db.select().from(renewalAttempts).where(eq(renewalAttempts.renewalId, renewalId)).orderBy(renewalAttempts.number);
}

/** Renewals waiting for the customer (a new card, an authentication) past their deadline. */
export async function expiredWaits(db: Queryable, now: Date, limit: number): Promise<RenewalRow[]> {
  return db
    .select()
    .from(renewals)
    .where(and(inArray(renewals.status, ["card_needed", "action_needed"]), lte(renewals.nextAttemptAt, now)))
    .limit(limit);
}

// ---- Retention offer and credit: each consumed by exactly one renewal ----

/** The retention offer (20% off the next shipment): at most one open per subscription. */
export async function grantRetentionOffer(db: Queryable, subscriptionId: string, now: Date): Promise<boolean> {
  if (await hasRetentionOffer(db, subscriptionId)) return false;
  await db.insert(retentionOffers).values({ subscriptionId, grantedAt: now });
  return true;
}

export async function hasRetentionOffer(db: Queryable, subscriptionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: retentionOffers.id })
    .from(retentionOffers)
    .where(and(eq(retentionOffers.subscriptionId, subscriptionId), isNull(retentionOffers.consumedByRenewalId)))
    .limit(1);
  return Boolean(row);
}

export async function consumeRetentionOffer(tx: Tx, subscriptionId: string, renewalId: string): Promise<void> {
  await tx
    .update(retentionOffers)
    .set({ consumedByRenewalId: renewalId })
    .where(and(eq(retentionOffers.subscriptionId, subscriptionId), isNull(retentionOffers.consumedByRenewalId)));
}

/** The renewal a gateway charge belongs to (a webhook names the PaymentIntent). */
export async function findRenewalByCharge(db: Queryable, chargeId: string): Promise<RenewalRow | null> {
  const [row] = await db.select().from(renewals).where(eq(renewals.chargeId, chargeId)).limit(1);
  return row ?? null;
}
