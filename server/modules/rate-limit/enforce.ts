import { ShopError } from "../../../domain/errors";
import { rateLimitedMessage } from "../../../domain/rate-limited-message";
import type { Shop } from "../../shop";
import { sql, type SQL } from "drizzle-orm";
import type { StatementPart } from "../../db/one-statement";
import { peek, standings, type Standing, type Verdict } from "./consume";
import { consume, hitAndRead, type HitAndReadRow } from "./hit-and-read";
import { limitOf, type LimitName } from "../../../domain/rate-limits";

/**
 * Counts a hit against a named limit (RATE_LIMITS or its default) and throws 429 RATE_LIMITED with the seconds to wait
 * when it is spent. Does nothing when limits are off or the key is unknown (null).
 */
export async function enforceLimit(shop: Shop, name: LimitName, key: string | null, cost = 1): Promise<void> {
  const verdict = await checkLimit(shop, name, key, cost, "count");
  if (!verdict.allowed) throw rateLimited(verdict);
}

/** Throws RATE_LIMITED when a named limit is already spent, without counting this request. */
export async function requireUnspent(shop: Shop, name: LimitName, key: string | null): Promise<void> {
  const verdict = await checkLimit(shop, name, key, 1, "peek");
  if (!verdict.allowed) throw rateLimited(verdict);
}

/** Counts a hit against a named limit without refusing anything (e.g. a decline that already happened). */
export async function countHit(shop: Shop, name: LimitName, key: string | null): Promise<void> {
  await checkLimit(shop, name, key, 1, "count");
}

async function checkLimit(shop: Shop, name: LimitName, key: string | null, cost: number, mode: "count" | "peek"): Promise<Verdict> {
  const limit = limitOf(shop.env.RATE_LIMITS, name);
  if (!limit || key === null) return { allowed: true, retryAfterSeconds: 0 };
  const request = { bucket: name, key, cost, ...limit };
  return mode === "count" ? consume(shop, request) : peek(shop, request);
}

export function rateLimited(verdict: Verdict): ShopError {
  return new ShopError("RATE_LIMITED", rateLimitedMessage(verdict.retryAfterSeconds), { retryAfterSeconds: verdict.retryAfterSeconds });
}

/** Who card declines are counted against: the client's address (key), the email and the card's fingerprint; null when unknown. */
export interface DeclineKeys {
  address: string | null;
  email: string | null;
  card: string | null;
}

/** Where a client stands with its declines: refused outright (429 with the wait), asked for a captcha, or free to go. */
export type DeclineStanding = { refused: ShopError | null; captchaRequired: boolean };

const DECLINE_LIMITS = [
  ["declines-per-address", "address"],
  ["declines-per-email", "email"],
  ["declines-per-card", "card"],
] as const satisfies [LimitName, keyof DeclineKeys][];

/**
 * Reads the three decline counters in one statement: past a limit's `captchaAfter`, further card tries need a solved
 * captcha; at its `limit` they are refused with RATE_LIMITED (the longest wait of the spent ones). Nothing is counted.
 */
export async function declineStanding(shop: Shop, keys: DeclineKeys): Promise<DeclineStanding> {
  const asked = declineRequests(shop, keys);
  return standingOf(asked, await standings(shop, asked), null);
}

/**
 * A purchase's gate (issue 10, ADR 0047): counts the purchase against its address's purchase limit and reads the
 * address's, email's and card's declines, as parts of the statement that claims the purchase's idempotency key, which
 * is claimed only when `clear` holds (the purchase allowed, no decline on record). `standing` then tells from the
 * answer whether the purchase is refused, needs a captcha first, or may go on. Null when limits are off or nothing
 * is known to count or read.
 */
export interface PurchaseGate {
  parts: StatementPart[];
  clear: SQL;
  columns: SQL;
  standing(row: HitAndReadRow): DeclineStanding;
}

export function purchaseGate(shop: Shop, keys: DeclineKeys): PurchaseGate | null {
  if (!shop.env.RATE_LIMITS.enabled) return null;
  const purchase = limitOf(shop.env.RATE_LIMITS, "purchase-per-address");
  const asked = declineRequests(shop, keys);
  const hit = purchase && keys.address !== null ? { bucket: "purchase-per-address", key: keys.address, ...purchase } : null;
  if (!hit && asked.length === 0) return null;
  const counted = hitAndRead(shop, hit, asked);
  // A limit set to ask for a captcha (or refuse) from the first try is never clear: the declines are weighed.
  const strictFromFirst = asked.some((r) => r.limit < 1 || (r.captchaAfter ?? Infinity) < 1);
  return {
    parts: counted.parts,
    clear: strictFromFirst ? sql`false` : counted.clear,
    columns: counted.columns,
    standing: (row) => {
      const { verdict, standings: found } = counted.outcome(row);
      return standingOf(asked, found, verdict.allowed ? null : verdict);
    },
  };
}

function declineRequests(shop: Shop, keys: DeclineKeys) {
  return DECLINE_LIMITS.flatMap(([name, field]) => {
    const limit = limitOf(shop.env.RATE_LIMITS, name);
    const key = keys[field];
    return limit && key !== null ? [{ bucket: name, key, ...limit }] : [];
  });
}

/** The longest wait of the spent limits refuses; a decline counter past its `captchaAfter` asks for a captcha. */
function standingOf(asked: { captchaAfter?: number }[], found: Standing[], alreadyRefused: Verdict | null): DeclineStanding {
  let refused = alreadyRefused;
  let captchaRequired = false;
  for (const [i, standing] of found.entries()) {
    if (!standing.allowed && (!refused || standing.retryAfterSeconds > refused.retryAfterSeconds)) refused = standing;
    const after = asked[i]!.captchaAfter;
    if (after !== undefined && standing.used + 1 > after) captchaRequired = true;
  }
  return { refused: refused ? rateLimited(refused) : null, captchaRequired };
}

/** Counts one decline against each known key (a decline that already happened: nothing is refused). */
export async function countDecline(shop: Shop, keys: DeclineKeys): Promise<void> {
  await Promise.all(DECLINE_LIMITS.map(([name, field]) => countHit(shop, name, keys[field])));
}
