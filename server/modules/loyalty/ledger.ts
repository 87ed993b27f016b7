import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import { creditAccount, POINTS_ACCOUNT, withCredit } from "../../../domain/loyalty";
import type { Cents } from "../../../domain/money";
import type { Queryable } from "../../db/client";
import { memberLedger } from "../../db/schema";

export type LedgerEntry = typeof memberLedger.$inferSelect;

export interface NewEntry {
  customerId: string;
  account: string;
  amount: number;
  reason: string;
  /** Makes the entry happen once: a second append with the same key answers the first entry. */
  key: string;
  refId?: string | null;
  now: Date;
}

/** The error code of a failed statement, through drizzle's wrapper. */
function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}
function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * Appends one entry to a member's account: its sequence number is the account's next, its balance_after the sum of the
 * account with it. When another writer appended first (unique customer, account, seq), it reads again and retries. When
 * the key was already used, it answers that entry and appends nothing. A sum below zero is refused by the database
 * (check balance_after >= 0) and surfaces as the `insufficient` answer.
 */
export async function appendEntry(db: Queryable, e: NewEntry): Promise<{ entry: LedgerEntry; created: boolean } | { insufficient: true }> {
  if (!Number.isInteger(e.amount) || e.amount === 0) throw new RangeError(`a ledger entry is a whole non-zero amount: ${e.amount}`);
  for (let round = 0; round < 8; round++) {
    const existing = await entryByKey(db, e.key);
    if (existing) return { entry: existing, created: false };
    try {
      const inserted = await db.transaction(async (t) =>
        rowsOf<{ id: string }>(
          await t.execute(sql`
            INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, ref_id, created_at)
            SELECT ${e.customerId}, ${e.account}, COALESCE(MAX(seq), 0) + 1, ${e.amount}, COALESCE(SUM(amount), 0) + ${e.amount}, ${e.reason}, ${e.key}, ${e.refId ?? null}, ${e.now}
            FROM member_ledger WHERE customer_id = ${e.customerId} AND account = ${e.account}
            ON CONFLICT (key) DO NOTHING
            RETURNING id`),
        ),
      );
      if (inserted.length === 0) continue; // the key was taken meanwhile: read it above
      return { entry: (await entryByKey(db, e.key))!, created: true };
    } catch (error) {
      if (pgCode(error) === "23514") return { insufficient: true };
      if (pgCode(error) === "23505" && (constraintOf(error) ?? "member_ledger_account_seq_unique") === "member_ledger_account_seq_unique") continue;
      throw error;
    }
  }
  throw new Error(`the member ledger stayed busy for ${e.customerId} ${e.account}`);
}

export async function entryByKey(db: Queryable, key: string): Promise<LedgerEntry | null> {
  const [row] = await db.select().from(memberLedger).where(eq(memberLedger.key, key)).limit(1);
  return row ?? null;
}

/** An account's balance: the sum of its entries. */
export async function balanceOf(db: Queryable, customerId: string, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${memberLedger.amount})` })
    .from(memberLedger)
    .where(and(eq(memberLedger.customerId, customerId), eq(memberLedger.account, account)));
  return Number(row?.total ?? 0);
}

export async function creditBalance(db: Queryable, customerId: string, currency: string): Promise<Cents> {
  return Math.max(0, await balanceOf(db, customerId, creditAccount(currency))) as Cents;
}

export async function pointsBalance(db: Queryable, customerId: string): Promise<number> {
  return balanceOf(db, customerId, POINTS_ACCOUNT);
}

/** Every credit balance of a member, by currency (only those above zero: a debt left by a refund is not credit to show). */
export async function creditBalances(db: Queryable, customerId: string): Promise<{ currency: string; amount: number }[]> {
  const rows = await db
    .select({ account: memberLedger.account, total: sql<string>`sum(${memberLedger.amount})` })
    .from(memberLedger)
    .where(and(eq(memberLedger.customerId, customerId), like(memberLedger.account, "credit:%")))
    .groupBy(memberLedger.account);
  return rows.map((r) => ({ currency: r.account.slice("credit:".length), amount: Number(r.total) })).filter((r) => r.amount > 0);
}

export async function entriesOf(db: Queryable, customerId: string, limit = 50): Promise<LedgerEntry[]> {
  return db.select().from(memberLedger).where(eq(memberLedger.customerId, customerId)).orderBy(desc(memberLedger.createdAt), desc(memberLedger.seq)).limit(limit);
}

export async function grantCredit(db: Queryable, c: { customerId: string; amount: number; currency: string; reason: string; key: string; refId?: string | null; now: Date }) {
  return appendEntry(db, { customerId: c.customerId, account: creditAccount(c.currency), amount: c.amount, reason: c.reason, key: c.key, refId: c.refId, now: c.now });
}

export const renewalHoldKey = (renewalId: string) => `renewal:${renewalId}`;
export const renewalReleaseKey = (renewalId: string) => `renewal-release:${renewalId}`;

/**
 * Takes a renewal's credit before its card is charged (ADR 0036): the credit the quote may use is spent by one entry
 * keyed by the renewal, so two renewals of the same member racing for one $25 cannot both have it (the second re-reads
 * a balance of 0 and is charged in full), and a retry or takeover of the same renewal finds its entry and uses the same
 * amount. Answers the quote with exactly the credit held.
 */
export async function holdRenewalCredit<Q extends { creditApplied: number; total: number; currency: string }>(
  db: Queryable,
  h: { renewalId: string; customerId: string; quote: Q; now: Date },
): Promise<Q> {
  const key = renewalHoldKey(h.renewalId);
  const account = creditAccount(h.quote.currency);
  const wanted = h.quote.total + h.quote.creditApplied;
  for (let round = 0; round < 8; round++) {
    const held = await entryByKey(db, key);
    if (held) return withCredit(h.quote, -held.amount);
    const take = Math.min(wanted, await balanceOf(db, h.customerId, account));
    if (take <= 0) return withCredit(h.quote, 0);
    const result = await appendEntry(db, { customerId: h.customerId, account, amount: -take, reason: "renewal", key, refId: h.renewalId, now: h.now });
    if ("entry" in result) return withCredit(h.quote, -result.entry.amount);
    // Spent meanwhile by another renewal: read the balance again.
  }
  return withCredit(h.quote, 0);
}

/** Gives back the credit a renewal held when the renewal ended without a charge (canceled). Once per renewal. */
export async function releaseRenewalCredit(db: Queryable, renewalId: string, now: Date): Promise<number> {
  const held = await entryByKey(db, renewalHoldKey(renewalId));
  if (!held) return 0;
  const result = await appendEntry(db, { customerId: held.customerId, account: held.account, amount: -held.amount, reason: "renewal_canceled", key: renewalReleaseKey(renewalId), refId: renewalId, now });
  return "entry" in result && result.created ? -held.amount : 0;
}

/** Renewal holds not yet released, oldest first: the sweep asks the renewals module whether each renewal ended unpaid. */
export async function unreleasedRenewalHolds(db: Queryable, limit: number): Promise<{ renewalId: string }[]> {
  const rows = await db.execute<{ ref_id: string }>(sql`
    SELECT h.ref_id FROM member_ledger h
    WHERE h.reason = 'renewal' AND h.key LIKE 'renewal:%'
      AND NOT EXISTS (SELECT 1 FROM member_ledger r WHERE r.key = 'renewal-release:' || h.ref_id)
    ORDER BY h.created_at LIMIT ${limit}`);
  return rowsOf<{ ref_id: string }>(rows).map((r) => ({ renewalId: r.ref_id }));
}

/** Credit balances of many members, by currency, in one statement (the renewal engine's batch read, ADR 0029). */
export async function creditBalancesOf(db: Queryable, customerIds: string[]): Promise<(customerId: string, currency: string) => Cents> {
  const rows =
    customerIds.length === 0
      ? []
      : await db
          .select({ c: memberLedger.customerId, account: memberLedger.account, total: sql<string>`sum(${memberLedger.amount})` })
          .from(memberLedger)
          .where(and(inArray(memberLedger.customerId, [...new Set(customerIds)]), like(memberLedger.account, "credit:%")))
          .groupBy(memberLedger.customerId, memberLedger.account);
  const by = new Map(rows.map((r) => [`${r.c}:${r.account}`, Number(r.total ?? 0)]));
  return (customerId, currency) => Math.max(0, by.get(`${customerId}:${creditAccount(currency)}`) ?? 0) as Cents;
}
