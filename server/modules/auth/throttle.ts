import { eq, sql } from "drizzle-orm";
import { authThrottle } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

/**
 * The small interface the credential flows throttle through (docs/decisions/0016). Backed here by a fixed-window
 * counter in the database, so every web process shares the count; the shop-wide limiter of the hardening issue can
 * stand behind the same two calls.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterMs: number;
}

/** Counts one attempt against the key and answers whether it is within the rule. One statement: safe under races. */
export async function hitThrottle(shop: Shop, key: string, rule: ThrottleRule): Promise<ThrottleVerdict> {
  const now = shop.clock.now();
  const windowOpen = new Date(now.getTime() - rule.windowMs);
  const [row] = await dbOf(shop)
    .insert(authThrottle)
    .values({ key, hits: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        hits: sql`case when ${authThrottle.windowStart} <= ${windowOpen.toISOString()}::timestamptz then 1 else ${authThrottle.hits} + 1 end`,
        windowStart: sql`case when ${authThrottle.windowStart} <= ${windowOpen.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${authThrottle.windowStart} end`,
      },
    })
    .returning({ hits: authThrottle.hits, windowStart: authThrottle.windowStart });
  const retryAfterMs = Math.max(0, row!.windowStart.getTime() + rule.windowMs - now.getTime());
  return { allowed: row!.hits <= rule.limit, retryAfterMs };
}

/** Forgets a key's count (the owner signed in from this address: their earlier typos no longer count). */
export async function clearThrottle(shop: Shop, key: string): Promise<void> {
  await dbOf(shop).delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Deletes counters whose window closed before the cutoff (run by the prune job). */
export async function pruneThrottle(shop: Shop, cutoff: Date): Promise<void> {
  await dbOf(shop).delete(authThrottle).where(sql`${authThrottle.windowStart} < ${cutoff.toISOString()}::timestamptz`);
}

/**
 * The rules (docs/decisions/0016). Per account and address, a handful of tries; per address, enough for a household
 * or an office behind one NAT; per account from everywhere, a ceiling that stops a distributed guesser. The owner on
 * another address is only stopped by that ceiling, and can still ask for a code or a link.
 */
export const AUTH_RULES = {
  signInAccountAddress: { limit: 10, windowMs: 15 * 60_000 },
  signInAddress: { limit: 100, windowMs: 15 * 60_000 },
  signInAccount: { limit: 100, windowMs: 60 * 60_000 },
  mailAccount: { limit: 5, windowMs: 15 * 60_000 },
  mailAddress: { limit: 30, windowMs: 15 * 60_000 },
  codeAccount: { limit: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

export type AuthRuleName = keyof typeof AUTH_RULES;

/** Hits every key; answers the first refusal (all are counted, so a refused attacker keeps paying). */
export async function throttleAll(shop: Shop, hits: [AuthRuleName, string][]): Promise<ThrottleVerdict> {
  let verdict: ThrottleVerdict = { allowed: true, retryAfterMs: 0 };
  for (const [rule, key] of hits) {
    const v = await hitThrottle(shop, `${rule}:${key}`, AUTH_RULES[rule]);
    if (!v.allowed && verdict.allowed) verdict = v;
  }
  return verdict;
}
