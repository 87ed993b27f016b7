import type { Shop } from "../../shop";
import { peek, type Verdict } from "./consume";
import { enforceLimit, rateLimited } from "./enforce";
import { consume } from "./hit-and-read";
import { limitOf, type Limit, type LimitName, type RateLimitSettings } from "../../../domain/rate-limits";

/**
 * Credential throttles (docs/decisions/0016), shared by the shop's members and the console's staff: three named limits
 * per attempt. The pair (account, address) stops a guesser at one account after a handful of tries while the owner on
 * their own address is untouched; the address stops a sprayer trying many accounts; the account's ceiling, higher,
 * stops a guesser spread over many addresses, and slows the account (the window slides) rather than locking it.
 */
export interface CredentialRules {
  accountAndAddress: LimitName;
  address: LimitName;
  account: LimitName;
}

export type LimitHit = readonly [LimitName, string | null];

/** The three hits of one attempt, in the order they are weighed: the pair first, so its refusals count nowhere else. */
export function credentialHits(rules: CredentialRules, account: string, address: string): LimitHit[] {
  return [
    [rules.accountAndAddress, `${account}|${address}`],
    [rules.address, address],
    [rules.account, account],
  ];
}

/** Counts an attempt under each limit in turn; throws 429 RATE_LIMITED at the first one spent (later ones are not counted). */
export async function enforceLimits(shop: Shop, hits: readonly LimitHit[]): Promise<void> {
  for (const [name, key] of hits) await enforceLimit(shop, name, key);
}

/**
 * Limits that count failures only (the console's sign-in): `settings` names the limits in force, which a caller may
 * keep on whatever RATE_LIMITS says (overrides still apply).
 */
export interface FailureThrottle {
  /** Throws 429 RATE_LIMITED (the longest wait) when any of the limits is spent; counts nothing. */
  refuseWhenSpent(hits: readonly LimitHit[]): Promise<void>;
  /** Counts one failure under each limit not yet spent; answers the names this failure spent. */
  countFailure(hits: readonly LimitHit[]): Promise<LimitName[]>;
  /** The limit in force for a name (null when off). */
  limit(name: LimitName): Limit | null;
}

export function failureThrottle(shop: Shop, settings: RateLimitSettings = shop.env.RATE_LIMITS): FailureThrottle {
  const requestOf = ([name, key]: LimitHit) => {
    const limit = limitOf(settings, name);
    return limit && key !== null ? { bucket: name, key, ...limit } : null;
  };
  return {
    limit: (name) => limitOf(settings, name),
    async refuseWhenSpent(hits) {
      const verdicts = await Promise.all(hits.map((hit) => requestOf(hit)).map((r) => (r ? peek(shop, r) : null)));
      const spent = verdicts.filter((v): v is Verdict => v !== null && !v.allowed);
      if (spent.length > 0) throw rateLimited(spent.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a)));
    },
    async countFailure(hits) {
      const spentNow: LimitName[] = [];
      for (const hit of hits) {
        const request = requestOf(hit);
        if (!request) continue;
        // Counted, then asked whether one more would fit: the failure that fills the limit is the one that spends it.
        if ((await consume(shop, request)).allowed && !(await peek(shop, request)).allowed) spentNow.push(hit[0]);
      }
      return spentNow;
    },
  };
}
