import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { creditAccount, creditForPoints, POINTS_ACCOUNT, pointsForPayment, REDEEM_BLOCK_POINTS } from "../../../domain/loyalty";
import { ShopError } from "../../../domain/errors";
import type { Queryable } from "../../db/client";
import { runAsOneStatement, statementPart, type StatementPart } from "../../db/one-statement";
import { memberLedger } from "../../db/schema";
import { valuesTable } from "../../db/values-table";
import { appendEntry, balanceOf } from "./ledger";

/** Points for a paid order or renewal (1 per whole unit paid), once per order. */
export async function earnOrderPoints(db: Queryable, p: { customerId: string; orderId: string; amount: number; now: Date }): Promise<number> {
  const points = pointsForPayment(p.amount);
  if (points <= 0) return 0;
  const result = await appendEntry(db, { customerId: p.customerId, account: POINTS_ACCOUNT, amount: points, reason: "order_paid", key: `points:order:${p.orderId}`, refId: p.orderId, now: p.now });
  return "entry" in result && result.created ? points : 0;
}

/**
 * Turns whole blocks of points into credit in `currency` (one transaction: the points entry and the credit entry, or
 * neither). The key (from the form) makes a double submit redeem once.
 */
export async function redeemPoints(db: Queryable, r: { customerId: string; points: number; currency: string; key: string; now: Date }): Promise<{ points: number; credit: number }> {
  const blocks = Math.floor(r.points / REDEEM_BLOCK_POINTS);
  if (!Number.isInteger(r.points) || blocks < 1) throw new ShopError("VALIDATION_ERROR", `Redeem points in blocks of ${REDEEM_BLOCK_POINTS}.`);
  const points = blocks * REDEEM_BLOCK_POINTS;
  const credit = creditForPoints(points);
  return db.transaction(async (tx) => {
    const spent = await appendEntry(tx, { customerId: r.customerId, account: POINTS_ACCOUNT, amount: -points, reason: "redeemed", key: `redeem:${r.customerId}:${r.key}`, now: r.now });
    if ("insufficient" in spent) throw new ShopError("VALIDATION_ERROR", "You do not have that many points.");
    await appendEntry(tx, { customerId: r.customerId, account: creditAccount(r.currency), amount: credit, reason: "points_redeemed", key: `redeem-credit:${r.customerId}:${r.key}`, refId: spent.entry.id, now: r.now });
    return { points, credit };
  });
}

/** Members holding points, for the expiry sweep. */
export async function membersWithPoints(db: Queryable, limit: number): Promise<{ customerId: string; points: number }[]> {
  const rows = await db
    .select({ customerId: memberLedger.customerId, points: sql<string>`sum(${memberLedger.amount})` })
    .from(memberLedger)
    .where(and(eq(memberLedger.account, POINTS_ACCOUNT)))
    .groupBy(memberLedger.customerId)
    .having(gt(sql`sum(${memberLedger.amount})`, 0))
    .limit(limit);
  return rows.map((r) => ({ customerId: r.customerId, points: Number(r.points) }));
}

/** Expires all of a member's points for one cancellation (keyed by it, so once). */
export async function expirePointsOf(db: Queryable, e: { customerId: string; canceledAt: Date; now: Date }): Promise<number> {
  const points = await balanceOf(db, e.customerId, POINTS_ACCOUNT);
  if (points <= 0) return 0;
  const result = await appendEntry(db, { customerId: e.customerId, account: POINTS_ACCOUNT, amount: -points, reason: "expired", key: `points:expire:${e.customerId}:${e.canceledAt.toISOString()}`, now: e.now });
  return "entry" in result && result.created ? points : 0;
}

/**
 * The points of many paid orders in one statement (the renewal engine's batch write, ADR 0029): each member's entries
 * take the account's next sequence numbers and running balance. A concurrent append for the same member makes the
 * unique (customer, account, seq) fail the statement, and with it the batch's transaction; the engine then writes
 * each renewal alone through earnOrderPoints, which retries.
 */
export async function earnOrderPointsMany(db: Queryable, list: PaidOrder[]): Promise<void> {
  const insert = orderPointsInsert(list);
  if (insert) await db.execute(insert);
}

type PaidOrder = { customerId: string; orderId: string; amount: number; now: Date };

/** The points of a paid checkout order as a part of a statement (joined with its capture, ADR 0046); null when none. */
export function orderPointsPart(p: PaidOrder): StatementPart | null {
  const insert = orderPointsInsert([p]);
  return insert ? statementPart("points_earned", insert) : null;
}

function orderPointsInsert(list: PaidOrder[]): SQL | null {
  const rows = list.map((p) => ({ ...p, points: pointsForPayment(p.amount) })).filter((p) => p.points > 0);
  if (rows.length === 0) return null;
  const v = valuesTable("v", [["customer", "uuid"], ["points", "int"], ["key", "text"], ["ref", "text"], ["at", "timestamptz"]], rows.map((p) => [p.customerId, p.points, `points:order:${p.orderId}`, p.orderId, p.now]));
  return sql`
    INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, ref_id, created_at)
    SELECT v.customer, ${POINTS_ACCOUNT}, COALESCE(m.last_seq, 0) + row_number() OVER w, v.points,
           COALESCE(m.total, 0) + sum(v.points) OVER w, 'order_paid', v.key, v.ref, v.at
    FROM ${v}
    LEFT JOIN LATERAL (SELECT MAX(seq) AS last_seq, SUM(amount) AS total FROM member_ledger WHERE customer_id = v.customer AND account = ${POINTS_ACCOUNT}) m ON true
    WINDOW w AS (PARTITION BY v.customer ORDER BY v.key ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    ON CONFLICT (key) DO NOTHING`;
}

/**
 * The points of a checkout order once its payment is captured, outside any transaction: in one statement with
 * `alongside` (the payment marked captured) when nobody else is appending to the member's points at that moment, else
 * `alongside` on its own and then the retrying append of earnOrderPoints.
 */
export async function earnCapturedOrderPoints(db: Queryable, p: PaidOrder, alongside: StatementPart[] = []): Promise<void> {
  const points = orderPointsPart(p);
  const parts = points ? [...alongside, points] : alongside;
  if (parts.length === 0) return;
  try {
    await runAsOneStatement(db, parts);
  } catch (error) {
    if (!points) throw error;
    if (alongside.length) await runAsOneStatement(db, alongside);
    await earnOrderPoints(db, p);
  }
}
