import { and, eq, gte, lt, ne, or } from "drizzle-orm";
import { ShopError, isErrorCode } from "../../../domain/errors";
import type { Queryable } from "../../db/client";
import { checkoutAttempts } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export type AttemptRow = typeof checkoutAttempts.$inferSelect;

/** A pending attempt this old was abandoned (its process died between authorizing and committing). */
export const STALE_ATTEMPT_MS = 5 * 60_000;

/**
 * Claims an idempotency key. Returns null when this request owns it, else the attempt that holds it. A key whose
 * attempt failed (a declined card, a bad coupon) may be claimed again, so the shopper can correct and retry; so may
 * an abandoned pending one. Re-running is safe: the gateway answers the same authorization for the same request, and
 * orders.idempotency_key is unique, so a key never makes two orders.
 */
export async function claimAttempt(shop: Shop, key: string, requestHash: string, fingerprint: string): Promise<AttemptRow | null> {
  const now = shop.clock.now();
  const fresh = { requestHash, fingerprint, status: "pending", orderId: null, errorCode: null, errorMessage: null, createdAt: now, updatedAt: now };
  const claimed = await dbOf(shop)
    .insert(checkoutAttempts)
    .values({ idempotencyKey: key, ...fresh })
    .onConflictDoNothing()
    .returning({ key: checkoutAttempts.idempotencyKey });
  if (claimed.length > 0) return null;
  const reclaimed = await dbOf(shop)
    .update(checkoutAttempts)
    .set(fresh)
    .where(
      and(
        eq(checkoutAttempts.idempotencyKey, key),
        or(
          eq(checkoutAttempts.status, "failed"),
          and(eq(checkoutAttempts.status, "pending"), lt(checkoutAttempts.updatedAt, new Date(now.getTime() - STALE_ATTEMPT_MS))),
        ),
      ),
    )
    .returning({ key: checkoutAttempts.idempotencyKey });
  if (reclaimed.length > 0) return null;
  return findAttempt(shop, key);
}

async function findAttempt(shop: Shop, key: string): Promise<AttemptRow> {
  const [row] = await dbOf(shop).select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key)).limit(1);
  if (!row) throw new Error(`checkout attempt ${key} vanished`);
  return row;
}

/** Waits (polling) while another request with the same key is still placing the order. */
export async function awaitOutcome(shop: Shop, key: string, timeoutMs = 15_000): Promise<AttemptRow> {
  const deadline = Date.now() + timeoutMs;
  let row = await findAttempt(shop, key);
  while (row.status === "pending" && Date.now() < deadline) {
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
export async function hasEarlierDuplicate(shop: Shop, key: string, fingerprint: string, windowMs = 60_000): Promise<boolean> {
  const mine = await findAttempt(shop, key);
  const since = new Date(mine.createdAt.getTime() - windowMs);
  const startedFirst = or(
    lt(checkoutAttempts.createdAt, mine.createdAt),
    and(eq(checkoutAttempts.createdAt, mine.createdAt), lt(checkoutAttempts.idempotencyKey, key)),
  );
  const rows = await dbOf(shop)
    .select({ key: checkoutAttempts.idempotencyKey })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.fingerprint, fingerprint),
        ne(checkoutAttempts.idempotencyKey, key),
        gte(checkoutAttempts.createdAt, since),
        or(eq(checkoutAttempts.status, "completed"), and(eq(checkoutAttempts.status, "pending"), startedFirst)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function completeAttempt(db: Queryable, key: string, orderId: string, now: Date): Promise<void> {
  await db.update(checkoutAttempts).set({ status: "completed", orderId, updatedAt: now }).where(eq(checkoutAttempts.idempotencyKey, key));
}

export async function failAttempt(shop: Shop, key: string, error: ShopError): Promise<void> {
  await dbOf(shop)
    .update(checkoutAttempts)
    .set({ status: "failed", errorCode: error.code, errorMessage: error.message, updatedAt: shop.clock.now() })
    .where(eq(checkoutAttempts.idempotencyKey, key));
}
