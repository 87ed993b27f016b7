import { sql } from "drizzle-orm";
import { creditAccount } from "../../../domain/loyalty";
import type { Cents } from "../../../domain/money";
import type { Queryable } from "../../db/client";
import { appendEntry, entryByKey } from "./ledger";

/**
 * Member credit spent by a checkout order (ADR 0040), the way a renewal holds its credit (ADR 0036): before the card is
 * authorized, one entry keyed by the order's id (chosen before the order is written) spends what the order may use, so
 * two orders, or an order and a renewal, racing for one balance cannot both have it: the ledger's unique
 * (customer, account, seq) and check balance_after >= 0 refuse the second spend of the same balance, which then reads
 * the balance again. The credit comes back once, by one entry keyed `order-credit-return:<order>`, when the order fails
 * before it is written, when it is refunded, or (the nightly job) when its process died before writing it.
 */
export const orderCreditKey = (orderId: string) => `order-credit:${orderId}`;
export const orderCreditReturnKey = (orderId: string) => `order-credit-return:${orderId}`;

function pgCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/**
 * Spends up to `wanted` of the member's credit in `currency` for this order and answers how much (0 when there is none).
 * One statement, whether or not there is credit: it reads the balance and appends the entry at once (an INSERT … SELECT
 * that inserts nothing for a balance of 0), so a member order without credit costs one statement more than before.
 */
export async function holdOrderCredit(db: Queryable, h: { orderId: string; customerId: string; currency: string; wanted: number; now: Date }): Promise<Cents> {
  if (!Number.isInteger(h.wanted) || h.wanted <= 0) return 0 as Cents;
  const key = orderCreditKey(h.orderId);
  const account = creditAccount(h.currency);
  for (let round = 0; round < 8; round++) {
    try {
      // The spend, or (only for an order id seen before) the spend made then: the outer SELECT sees the ledger as it
      // was before this statement, so it finds an earlier entry with this key and never the one inserted here.
      const result = await db.execute<{ amount: number }>(sql`
        WITH spent AS (
          INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, ref_id, created_at)
          SELECT ${h.customerId}, ${account}, MAX(seq) + 1, -LEAST(${h.wanted}::int, SUM(amount))::int, SUM(amount) - LEAST(${h.wanted}::int, SUM(amount)), 'order', ${key}, ${h.orderId}, ${h.now}
          FROM member_ledger WHERE customer_id = ${h.customerId} AND account = ${account}
          HAVING SUM(amount) > 0
          ON CONFLICT (key) DO NOTHING
          RETURNING amount
        )
        SELECT amount FROM spent UNION ALL SELECT amount FROM member_ledger WHERE key = ${key}`);
      const rows = ((result as { rows?: { amount: number }[] }).rows ?? (result as unknown as { amount: number }[])) as { amount: number }[];
      return (rows.length > 0 ? -Number(rows[0]!.amount) : 0) as Cents;
    } catch (error) {
      // Another writer appended to the account first (seq taken) or spent the balance: read it again.
      if (pgCode(error) === "23505" || pgCode(error) === "23514") continue;
      throw error;
    }
  }
  throw new Error(`the member ledger stayed busy for ${h.customerId} ${account}`);
}

/** The credit returnOrderCredit would give back now (the order's spend, unless given back already), written nowhere. */
export async function orderCreditToReturn(db: Queryable, orderId: string): Promise<{ amount: number; account: string } | null> {
  const held = await entryByKey(db, orderCreditKey(orderId));
  if (!held || held.amount >= 0 || (await entryByKey(db, orderCreditReturnKey(orderId)))) return null;
  return { amount: -held.amount, account: held.account };
}

/** Gives an order's spent credit back, once (an order that failed, was refunded, or never got written). Answers the amount returned now. */
export async function returnOrderCredit(db: Queryable, r: { orderId: string; reason: "order_failed" | "order_refunded" | "order_abandoned"; now: Date }): Promise<number> {
  const held = await entryByKey(db, orderCreditKey(r.orderId));
  if (!held) return 0;
  const result = await appendEntry(db, { customerId: held.customerId, account: held.account, amount: -held.amount, reason: r.reason, key: orderCreditReturnKey(r.orderId), refId: r.orderId, now: r.now });
  return "entry" in result && result.created ? -held.amount : 0;
}

/** Order credit spends older than `before` not yet given back: the nightly job asks the orders module whether each order exists. */
export async function unreturnedOrderCredit(db: Queryable, before: Date, limit: number): Promise<{ orderId: string }[]> {
  const result = await db.execute<{ ref_id: string }>(sql`
    SELECT h.ref_id FROM member_ledger h
    WHERE h.reason = 'order' AND h.key LIKE 'order-credit:%' AND h.created_at < ${before}
      AND NOT EXISTS (SELECT 1 FROM member_ledger r WHERE r.key = 'order-credit-return:' || h.ref_id)
    ORDER BY h.created_at LIMIT ${limit}`);
  const rows = ((result as { rows?: { ref_id: string }[] }).rows ?? (result as unknown as { ref_id: string }[])) as { ref_id: string }[];
  return rows.map((r) => ({ orderId: r.ref_id }));
}
