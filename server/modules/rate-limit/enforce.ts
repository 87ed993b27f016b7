import { ShopError } from "../../../domain/errors";
import type { Shop } from "../../shop";
import { consume, peek, type Verdict } from "./consume";
import { limitOf, type LimitName } from "./limits";

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
  return new ShopError("RATE_LIMITED", undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
}
