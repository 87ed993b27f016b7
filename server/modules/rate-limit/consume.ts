import { createHash } from "node:crypto";
import { and, eq, lt, or } from "drizzle-orm";
import { rateLimitCounters } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import type { Limit } from "../../../domain/rate-limits";

export interface ConsumeRequest extends Limit {
  /** What is limited, e.g. "purchase-per-address". One counter per (bucket, key). */
  bucket: string;
  /** Who is limited: an address, an email, a card fingerprint. Stored only as a hash. */
  key: string;
  /** Hits this request costs (default 1), e.g. the number of events in a batch. */
  cost?: number;
}

export interface Verdict {
  allowed: boolean;
  /** When refused: whole seconds until a request of the same cost would be allowed (at least 1). 0 when allowed. */
  retryAfterSeconds: number;
}

/** Whether a hit of `cost` would be allowed now, without counting it (e.g. "has this card been declined too often?"). */
export async function peek(shop: Shop, request: ConsumeRequest): Promise<Verdict> {
  const cost = request.cost ?? 1;
  const now = shop.clock.now().getTime();
  const window = windowAt(now, request.windowMs);
  const [row] = await dbOf(shop)
    .select({ windowStart: rateLimitCounters.windowStart, hits: rateLimitCounters.hits, previousHits: rateLimitCounters.previousHits })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.bucket, request.bucket), eq(rateLimitCounters.key, hashKey(request.key))));
  if (!row) return { allowed: cost <= request.limit, retryAfterSeconds: cost <= request.limit ? 0 : Math.ceil(request.windowMs / 1000) };
  const rowStart = row.windowStart.getTime();
  const start = window.startMs;
  const hits = rowStart >= start ? row.hits : 0;
  const previous = rowStart >= start ? row.previousHits : rowStart === Date.parse(window.previousStart) ? row.hits : 0;
  if (previous * window.previousWeight + hits + cost <= request.limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: retryAfterSeconds(now, request, window.startMs, hits, previous, cost) };
}

/** What a counter stands at now: the sliding-window estimate of hits, and the seconds until one more hit would fit. */
export interface Standing {
  /** previous window's hits × the share still covered + this window's hits. */
  used: number;
  /** Whether one more hit would be within the limit. */
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Several counters read in one statement (counting nothing): e.g. the declines of an address, an email and a card before
 * a purchase, one round trip instead of three. Answers in the order asked.
 */
export async function standings(shop: Shop, requests: ConsumeRequest[]): Promise<Standing[]> {
  if (requests.length === 0) return [];
  const hashed = requests.map((r) => ({ bucket: r.bucket, key: hashKey(r.key) }));
  const rows = await dbOf(shop)
    .select({ bucket: rateLimitCounters.bucket, key: rateLimitCounters.key, windowStart: rateLimitCounters.windowStart, hits: rateLimitCounters.hits, previousHits: rateLimitCounters.previousHits })
    .from(rateLimitCounters)
    .where(or(...hashed.map((h) => and(eq(rateLimitCounters.bucket, h.bucket), eq(rateLimitCounters.key, h.key)))));
  return standingsOf(requests, rows, shop.clock.now().getTime());
}

export type CounterRow = { bucket: string; key: string; windowStart: Date; hits: number; previousHits: number };

/** Where each asked counter stands now, from the rows found (a counter with no row has no hits). */
export function standingsOf(requests: ConsumeRequest[], rows: CounterRow[], now: number): Standing[] {
  return requests.map((request) => {
    const hashed = hashKey(request.key);
    const row = rows.find((r) => r.bucket === request.bucket && r.key === hashed);
    const window = windowAt(now, request.windowMs);
    const rowStart = row?.windowStart.getTime() ?? 0;
    const hits = row && rowStart >= window.startMs ? row.hits : 0;
    const previous = !row ? 0 : rowStart >= window.startMs ? row.previousHits : rowStart === Date.parse(window.previousStart) ? row.hits : 0;
    const used = previous * window.previousWeight + hits;
    const cost = request.cost ?? 1;
    if (used + cost <= request.limit) return { used, allowed: true, retryAfterSeconds: 0 };
    return { used, allowed: false, retryAfterSeconds: retryAfterSeconds(now, request, window.startMs, hits, previous, cost) };
  });
}

/** Deletes counters whose windows have both passed (the nightly prune job). */
export async function pruneRateLimitCounters(shop: Shop, now: Date): Promise<number> {
  const deleted = await dbOf(shop).delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now)).returning({ key: rateLimitCounters.key });
  return deleted.length;
}

export function windowAt(now: number, windowMs: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    startMs: start,
    start: new Date(start).toISOString(),
    previousStart: new Date(start - windowMs).toISOString(),
    /** The share of the previous window that a sliding window ending now still covers. */
    previousWeight: 1 - (now - start) / windowMs,
  };
}

/** How long until previous * weight(t) + hits + cost fits, first within this window, else after it rolls over. */
export function retryAfterSeconds(now: number, limit: Limit, start: number, hits: number, previous: number, cost: number): number {
  const end = start + limit.windowMs;
  let waitMs: number;
  if (hits + cost <= limit.limit && previous > 0) {
    // Within this window: wait until the previous window's share has faded enough.
    const weightNeeded = (limit.limit - hits - cost) / previous;
    waitMs = start + (1 - weightNeeded) * limit.windowMs - now;
  } else {
    // Next window: this window's hits become "previous" and fade from the start of it.
    const weightNeeded = hits > 0 ? Math.max(0, (limit.limit - cost) / hits) : 1;
    waitMs = end + (1 - Math.min(1, weightNeeded)) * limit.windowMs - now;
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** Addresses, emails and card fingerprints are not kept in the clear. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}
