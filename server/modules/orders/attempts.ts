import { randomUUID } from "node:crypto";
import { and, eq, gte, isNotNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { ShopError, isErrorCode } from "../../../domain/errors";
import type { Database, Queryable } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { runAsOneStatement, statementPart, type StatementPart } from "../../db/one-statement";
import { checkoutAttempts } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export type AttemptRow = typeof checkoutAttempts.$inferSelect;

/** A pending attempt this old was abandoned (its process died between claiming the key and committing). */
export const STALE_ATTEMPT_MS = 5 * 60_000;

export type ClaimResult =
  /**
   * This request holds the key under `claim` since `createdAt`; `abandonedChargeId` is an authorization a dead claim
   * left behind.
   */
  | { owned: true; claim: string; createdAt: Date; abandonedChargeId: string | null; orderNumber: number }
  | { owned: false; attempt: AttemptRow };

/**
 * Claims an idempotency key. A key whose attempt failed (a declined card, a bad coupon) may be claimed again, so the
 * shopper can correct and retry; so may an abandoned pending one. Every claim gets its own value, which keys its
 * gateway authorization and alone may complete or fail the attempt; orders.idempotency_key stays unique, so a key
 * never makes two orders.
 */
export async function claimAttempt(shop: Shop, key: string, requestHash: string, fingerprint: string): Promise<ClaimResult> {
  const { claimed } = await claimAttemptBehind(shop, key, requestHash, fingerprint, NO_GATE);
  if (!claimed) throw new Error("an ungated claim was refused");
  return claimed;
}

/** What the claim waits on, computed in the claim's own statement: its parts run, `opens` decides, `columns` answer. */
export interface ClaimGate {
  parts: StatementPart[];
  opens: SQL;
  columns: SQL;
}

/**
 * claimAttempt behind a gate, in one statement (ADR 0047): the gate's parts run (a purchase counted against its
 * limits), and the key is claimed only when `gate.opens` holds. Answers the gate's columns, and the claim when the
 * gate opened; a shut gate claims nothing (no row, no order number), leaving the caller to weigh the answer.
 */
export async function claimAttemptBehind<Answer>(
  shop: Shop,
  key: string,
  requestHash: string,
  fingerprint: string,
  gate: ClaimGate,
): Promise<{ answer: Answer; claimed: ClaimResult | null }> {
  const now = shop.clock.now();
  const fresh = freshClaim(requestHash, fingerprint, now);
  const column = (c: { name: string }) => sql.identifier(c.name);
  const a = checkoutAttempts;
  const insert = sql`insert into ${a} (${column(a.idempotencyKey)}, ${column(a.requestHash)}, ${column(a.fingerprint)}, ${column(a.claim)}, ${column(a.status)}, ${column(a.createdAt)}, ${column(a.updatedAt)})
    select ${key}, ${requestHash}, ${fingerprint}, ${fresh.claim}, ${fresh.status}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    where ${gate.opens}
    on conflict do nothing
    returning ${reserveOrderNumber} as order_number`;
  const answer = sql`select ${gate.columns}, ${gate.opens} as gate_open, (select order_number from ${sql.identifier(ATTEMPT_CLAIMED)}) as order_number`;
  // The claim commits without waiting for the disk (ADR 0047): every later write of the order waits, and WAL is flushed
  // in order, so the claim is durable before anything it guards is. Waiting would hold the purchase counter's row
  // (one per address) locked for a disk flush, and a shop's purchases from one address queue on it.
  const [row] = await runAsOneStatement<Answer & { gate_open: boolean; order_number: number | null }>(
    dbOf(shop),
    [...gate.parts, { name: ATTEMPT_CLAIMED, sql: insert }],
    answer,
    { waitForDisk: false },
  );
  if (!row) throw new Error("the gated claim answered no row");
  if (!row.gate_open) return { answer: row, claimed: null };
  if (row.order_number !== null) return { answer: row, claimed: { owned: true, claim: fresh.claim, createdAt: now, abandonedChargeId: null, orderNumber: Number(row.order_number) } };
  return { answer: row, claimed: await claimExisting(shop, key, fresh, now) };
}

const ATTEMPT_CLAIMED = "attempt_claimed";

/** Nothing to wait on: the claim alone. */
const NO_GATE: ClaimGate = { parts: [], opens: sql`true`, columns: sql`null as no_gate` };

/** A new claim's values: its own claim value, pending, nothing charged yet. */
function freshClaim(requestHash: string, fingerprint: string, now: Date) {
  return { requestHash, fingerprint, claim: randomUUID(), chargeId: null, status: "pending", orderId: null, errorCode: null, errorMessage: null, createdAt: now, updatedAt: now };
}

/** The key is held already: a failed or abandoned attempt is claimed again; a live one is another request's. */
async function claimExisting(shop: Shop, key: string, fresh: ReturnType<typeof freshClaim>, now: Date): Promise<ClaimResult> {
  const previous = await findAttempt(shop, key);
  const reclaimable =
    previous.status === "failed" || (previous.status === "pending" && previous.updatedAt.getTime() < now.getTime() - STALE_ATTEMPT_MS);
  if (!reclaimable) return { owned: false, attempt: previous };
  const reclaimed = await dbOf(shop)
    .update(checkoutAttempts)
    .set(fresh)
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.claim, previous.claim), eq(checkoutAttempts.status, previous.status)))
    .returning({ orderNumber: reserveOrderNumber });
  if (reclaimed.length === 0) return { owned: false, attempt: await findAttempt(shop, key) };
  return { owned: true, claim: fresh.claim, createdAt: now, abandonedChargeId: previous.chargeId, orderNumber: reclaimed[0]!.orderNumber };
}

/**
 * The order's number, taken from the orders' own sequence as the key is claimed: the confirmation email names it, and
 * is written in the order's one statement (ADR 0046). A claim that makes no order leaves a gap, as a rolled-back
 * insert always did.
 */
const reserveOrderNumber = sql<number>`nextval('orders_number_seq')::int`.mapWith(Number);

async function findAttempt(shop: Shop, key: string): Promise<AttemptRow> {
  const [row] = await dbOf(shop).select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key)).limit(1);
  if (!row) throw new Error(`checkout attempt ${key} vanished`);
  return row;
}

/** Waits (polling) while another request with the same key is still placing the order. */
export async function awaitOutcome(shop: Shop, key: string, timeoutMs = 15_000): Promise<AttemptRow> {
  // A wait, not a business time: measured on the monotonic timer, so it is the same in tests that move the clock.
  const deadline = performance.now() + timeoutMs;
  let row = await findAttempt(shop, key);
  while (row.status === "pending" && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await findAttempt(shop, key);
  }
  return row;
}

/** The error a failed attempt ended with, to answer its retries the same way. */
export function attemptError(row: AttemptRow): ShopError {
  const code = isErrorCode(row.errorCode) ? row.errorCode : "UNKNOWN";
  return new ShopError(code, row.errorMessage ?? undefined);
}

/**
 * Whether the same cart and shopper already ordered within the last minute (a completed attempt), or another attempt
 * for it is under way and started first. The earliest pending attempt wins, so of two simultaneous double-submits
 * exactly one goes ahead.
 */
export async function hasEarlierDuplicate(shop: Shop, key: string, fingerprint: string, createdAt: Date, windowMs = 60_000): Promise<boolean> {
  // `createdAt` is the claim's own (claimAttempt wrote it), so it needs no reading back.
  const since = new Date(createdAt.getTime() - windowMs);
  const rows = await preparedOnce(dbOf(shop), "orders_earlier_duplicate", earlierDuplicate).execute({ key, fingerprint, since, createdAt });
  return rows.length > 0;
}

function earlierDuplicate(db: Database, name: string) {
  const [key, createdAt] = [sql.placeholder("key"), sql.placeholder("createdAt")];
  const startedFirst = or(
    lt(checkoutAttempts.createdAt, createdAt),
    and(eq(checkoutAttempts.createdAt, createdAt), lt(checkoutAttempts.idempotencyKey, key)),
  );
  return db
    .select({ key: checkoutAttempts.idempotencyKey })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.fingerprint, sql.placeholder("fingerprint")),
        ne(checkoutAttempts.idempotencyKey, key),
        gte(checkoutAttempts.createdAt, sql.placeholder("since")),
        or(eq(checkoutAttempts.status, "completed"), and(eq(checkoutAttempts.status, "pending"), startedFirst)),
      ),
    )
    .limit(1)
    .prepare(name);
}

/** Notes the authorization of this claim, so a sweep can void it if the claim is abandoned. */
export async function recordAuthorization(shop: Shop, key: string, claim: string, chargeId: string): Promise<void> {
  await preparedOnce(dbOf(shop), "orders_authorization_noted", authorizationNoted).execute({ key, claim, chargeId, now: shop.clock.now() });
}

function authorizationNoted(db: Database, name: string) {
  return db
    .update(checkoutAttempts)
    .set({ chargeId: sql`${sql.placeholder("chargeId")}`, updatedAt: sql`${sql.placeholder("now")}` })
    .where(and(eq(checkoutAttempts.idempotencyKey, sql.placeholder("key")), eq(checkoutAttempts.claim, sql.placeholder("claim"))))
    .prepare(name);
}

/**
 * Completes the attempt as a part of the order's one statement (ADR 0046), only if this claim still holds it. `gate`
 * reads the key back from this part: NULL when the claim was taken over, which the order's NOT NULL key refuses, so
 * the whole statement fails and writes nothing (answered as CHECKOUT_IN_PROGRESS, see isLostClaim).
 */
export function completedAttemptPart(db: Queryable, key: string, claim: string, orderId: string, now: Date): { part: StatementPart; gate: SQL } {
  const update = db
    .update(checkoutAttempts)
    .set({ status: "completed", orderId, chargeId: null, updatedAt: now })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, "pending")))
    .returning({ key: checkoutAttempts.idempotencyKey });
  return { part: statementPart(ATTEMPT_DONE, update), gate: sql`(select ${sql.identifier("idempotency_key")} from ${sql.identifier(ATTEMPT_DONE)})` };
}

const ATTEMPT_DONE = "attempt_done";

/** Whether a failed order statement failed because its claim was taken over: the gate's NULL order key (23502). */
export function isLostClaim(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; column?: string } })?.cause ?? (error as { code?: string; column?: string });
  return cause?.code === "23502" && cause.column === "idempotency_key";
}

/** Marks this claim's attempt failed; a claim that was taken over changes nothing. */
export async function failAttempt(shop: Shop, key: string, claim: string, error: ShopError): Promise<void> {
  await dbOf(shop)
    .update(checkoutAttempts)
    .set({ status: "failed", chargeId: null, errorCode: error.code, errorMessage: error.message, updatedAt: shop.clock.now() })
    .where(and(eq(checkoutAttempts.idempotencyKey, key), eq(checkoutAttempts.claim, claim), eq(checkoutAttempts.status, "pending")));
}

/** Abandoned claims still holding an authorization: pending for longer than STALE_ATTEMPT_MS. */
export async function abandonedAuthorizations(shop: Shop): Promise<{ key: string; claim: string; chargeId: string }[]> {
  const rows = await dbOf(shop)
    .select({ key: checkoutAttempts.idempotencyKey, claim: checkoutAttempts.claim, chargeId: checkoutAttempts.chargeId })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.status, "pending"),
        isNotNull(checkoutAttempts.chargeId),
        lt(checkoutAttempts.updatedAt, new Date(shop.clock.now().getTime() - STALE_ATTEMPT_MS)),
      ),
    );
  return rows.map((r) => ({ key: r.key, claim: r.claim, chargeId: r.chargeId! }));
}
