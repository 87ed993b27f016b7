import { eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { ledgerEntries, reconciliationMismatches } from "../../db/schema";

export type LedgerKind = "charge" | "refund" | "retry" | "credit";

export interface LedgerEntry {
  /** Makes the row once: "charge:<renewal>", "retry:<renewal>:<n>", "refund:<id>", "credit:<renewal>". */
  key: string;
  subscriptionId: string;
  renewalId: string | null;
  kind: LedgerKind;
  /** Money through the gateway: + charged, − refunded, 0 for a declined try or credit. */
  amount: number;
  creditAmount?: number;
  currency: string;
  gateway: string;
  chargeId: string | null;
  now: Date;
}

export async function recordLedgerEntry(tx: Tx | Queryable, e: LedgerEntry): Promise<void> {
  await recordLedgerEntries(tx, [e]);
}

/** Many ledger rows in one statement (a renewal batch); a key already written is skipped. */
export async function recordLedgerEntries(tx: Tx | Queryable, entries: LedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(ledgerEntries)
    .values(
      entries.map((e) => ({
        key: e.key,
        subscriptionId: e.subscriptionId,
        renewalId: e.renewalId,
        kind: e.kind,
        amount: e.amount,
        creditAmount: e.creditAmount ?? 0,
        currency: e.currency,
        gateway: e.gateway,
        chargeId: e.chargeId,
        createdAt: e.now,
      })),
    )
    .onConflictDoNothing({ target: ledgerEntries.key });
}

export async function ledgerOf(db: Queryable, subscriptionId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, subscriptionId)).orderBy(ledgerEntries.createdAt);
}

/** Per subscription and currency: the ledger's sum and the charges it names (what the gateway must hold). */
export async function ledgerTotals(db: Queryable): Promise<{ subscriptionId: string; currency: string; amount: number; chargeIds: string[] }[]> {
  const rows = await db
    .select({
      subscriptionId: ledgerEntries.subscriptionId,
      currency: ledgerEntries.currency,
      amount: sql<string>`sum(${ledgerEntries.amount})`,
      chargeIds: sql<string[]>`coalesce(array_agg(distinct ${ledgerEntries.chargeId}) filter (where ${ledgerEntries.chargeId} is not null and ${ledgerEntries.kind} in ('charge','refund')), '{}')`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.subscriptionId, ledgerEntries.currency);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export async function recordMismatch(db: Queryable, m: { runAt: Date; subscriptionId: string; currency: string; ledgerAmount: number; gatewayAmount: number; detail: string }) {
  await db.insert(reconciliationMismatches).values(m);
}

export async function mismatchesOf(db: Queryable, runAt: Date) {
  return db.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.runAt, runAt));
}
