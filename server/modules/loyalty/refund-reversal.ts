import { and, eq, sql } from "drizzle-orm";
import { creditOfPoints, POINTS_ACCOUNT, pointsForPayment, pointsOfCredit } from "../../../domain/loyalty";
import type { Queryable, Tx } from "../../db/client";
import { memberLedger } from "../../db/schema";
import { appendEntry, balanceOf } from "./ledger";

/** The reason of the credit entry that takes back credit bought with a refunded order's points; it alone may leave a debt. */
export const POINTS_CREDIT_REVERSED = "points_reversed";
const POINTS_REVERSED = "order_refunded";

export interface RefundedOrder {
  customerId: string;
  orderId: string;
  /** What the order's payment captured (minor units): its points were earned on it. */
  paid: number;
  /** The refund being recorded: one reversal per refund (its id keys the entries). */
  refundId: string;
  /**
   * What is refunded of the payment by succeeded refunds, this one included. Asked after the order's reversals are
   * locked, so a refund recorded at the same moment by another transaction is counted by exactly one of the two.
   */
  refunded: () => Promise<number>;
  now: Date;
}

/** What one refund takes back of what the order gave: points off the points account, credit off a credit account. */
export interface RefundReversalPlan {
  points: number;
  credit: number;
  /** The credit account the credit comes off (the member's latest redemption's), or null when no credit is taken. */
  creditAccount: string | null;
}

const NOTHING: RefundReversalPlan = { points: 0, credit: 0, creditAccount: null };

/**
 * What reverseRefundedOrder would take back for this refund, read from the ledger as it is now and written nowhere. The
 * console's refund confirmation shows it (issue 36); the reversal itself applies it, so the two cannot disagree.
 * `lock` takes the order's points entry FOR UPDATE (the reversal's serialisation point); a preview does not lock.
 */
export async function planRefundReversal(tx: Queryable, r: Omit<RefundedOrder, "now">, options: { lock: boolean }): Promise<RefundReversalPlan> {
  const query = tx.select().from(memberLedger).where(eq(memberLedger.key, `points:order:${r.orderId}`));
  const [earned] = options.lock ? await query.for("update") : await query;
  if (!earned) return NOTHING;
  const refunded = Math.min(r.paid, Math.max(0, await r.refunded()));
  const owed = Math.max(0, earned.amount - pointsForPayment(r.paid - refunded));
  const done = await reversedOf(tx, r.orderId);
  if (done.keys.includes(pointsKeyOf(r)) || done.keys.includes(creditKeyOf(r))) return NOTHING; // this refund's, already
  const left = owed - done.points;
  if (left <= 0) return NOTHING;
  const points = Math.max(0, Math.min(left, await balanceOf(tx, r.customerId, POINTS_ACCOUNT)));
  // The rest was redeemed (as far as the member's redemptions not yet taken back say; expired points gave no credit).
  const redemption = await redemptionsOf(tx, r.customerId);
  const fromCredit = Math.min(left - points, redemption.unreversedPoints);
  if (fromCredit <= 0 || !redemption.account) return { points, credit: 0, creditAccount: null };
  return { points, credit: creditOfPoints(fromCredit), creditAccount: redemption.account };
}

const pointsKeyOf = (r: { orderId: string; refundId: string }) => `points:refund:${r.orderId}:${r.refundId}`;
const creditKeyOf = (r: { orderId: string; refundId: string }) => `points-credit:refund:${r.orderId}:${r.refundId}`;

/**
 * A refund takes back what the order gave (issue 24, ADR 0037/0038 addenda), in the refund's own transaction: the points
 * the refunded part earned, proportionally (points of what is still paid are kept: pointsForPayment(paid - refunded)).
 * Points still held come off the points account; points already turned into credit come off the credit account at the
 * redemption rate, in one entry that may leave the account below zero: that is a debt, which the next credit earned or
 * granted pays first (balances are sums), and which nothing can spend (a spend must leave balance_after >= 0).
 *
 * Once per refund: the entries are keyed by the refund (the ledger's unique key), and the order's reversals are
 * serialised by locking its points entry, so two refunds recorded at once reverse the sum of what each owes, never
 * more. Answers the points and credit taken back now. What it takes is planRefundReversal's answer.
 */
export async function reverseRefundedOrder(tx: Tx, r: RefundedOrder): Promise<{ points: number; credit: number }> {
  for (let round = 0; round < 8; round++) {
    const plan = await planRefundReversal(tx, r, { lock: true });
    if (plan.points > 0) {
      const result = await appendEntry(tx, { customerId: r.customerId, account: POINTS_ACCOUNT, amount: -plan.points, reason: POINTS_REVERSED, key: pointsKeyOf(r), refId: r.orderId, now: r.now });
      if (!("entry" in result)) continue; // spent meanwhile (a redemption): plan again from the ledger as it is now
    }
    if (plan.credit > 0 && plan.creditAccount) {
      await appendEntry(tx, { customerId: r.customerId, account: plan.creditAccount, amount: -plan.credit, reason: POINTS_CREDIT_REVERSED, key: creditKeyOf(r), refId: r.orderId, now: r.now });
    }
    return { points: plan.points, credit: plan.credit };
  }
  throw new Error(`the member ledger stayed busy reversing order ${r.orderId}`);
}

/** The order's reversals so far: their keys and the points they took back (credit counted at the redemption rate). */
async function reversedOf(tx: Queryable, orderId: string): Promise<{ keys: string[]; points: number }> {
  const rows = await tx
    .select({ key: memberLedger.key, account: memberLedger.account, amount: memberLedger.amount })
    .from(memberLedger)
    .where(and(eq(memberLedger.refId, orderId), sql`((${memberLedger.account} = ${POINTS_ACCOUNT} AND ${memberLedger.reason} = ${POINTS_REVERSED}) OR ${memberLedger.reason} = ${POINTS_CREDIT_REVERSED})`));
  const points = rows.reduce((sum, row) => sum + (row.account === POINTS_ACCOUNT ? -row.amount : pointsOfCredit(-row.amount)), 0);
  return { keys: rows.map((row) => row.key), points };
}

/** How many redeemed points no reversal has taken back yet, and the credit account of the latest redemption. */
async function redemptionsOf(tx: Queryable, customerId: string): Promise<{ unreversedPoints: number; account: string | null }> {
  const rows = await tx
    .select({ reason: memberLedger.reason, account: memberLedger.account, amount: memberLedger.amount, createdAt: memberLedger.createdAt })
    .from(memberLedger)
    .where(and(eq(memberLedger.customerId, customerId), sql`${memberLedger.reason} IN ('redeemed', 'points_redeemed', ${POINTS_CREDIT_REVERSED})`));
  let redeemed = 0;
  let reversed = 0;
  let latest: { account: string; at: number } | null = null;
  for (const row of rows) {
    if (row.reason === "redeemed" && row.account === POINTS_ACCOUNT) redeemed += -row.amount;
    if (row.reason === POINTS_CREDIT_REVERSED) reversed += pointsOfCredit(-row.amount);
    if (row.reason === "points_redeemed" && (!latest || row.createdAt.getTime() >= latest.at)) latest = { account: row.account, at: row.createdAt.getTime() };
  }
  return { unreversedPoints: Math.max(0, redeemed - reversed), account: latest?.account ?? null };
}
