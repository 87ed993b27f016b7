import { credentialHits, failureThrottle, RATE_LIMIT_DEFAULTS, type CredentialRules, type FailureThrottle, type LimitName } from "../rate-limit";
import { parseRateLimits } from "../../env";
import type { Shop } from "../../shop";

/**
 * Console sign-in throttling (ADR 0023, addendum for issue 24), on the members' credential throttle (ADR 0016) but
 * counting failures only: 5 failures per (account, address) in 15 minutes stop that pair; 30 per address stop a
 * sprayer; 50 per account in an hour (only many addresses get there, each stopped at 5) is a ceiling that slows the
 * account as the window slides, and mails its owner once per window. An attacker hammering from one address never
 * touches the owner at another address. Counters live in the database limiter, so every process counts the same.
 */
export const CONSOLE_SIGN_IN_RULES = {
  accountAndAddress: "console-sign-in-per-email-and-address",
  address: "console-sign-in-per-address",
  account: "console-sign-in-per-email",
} as const satisfies CredentialRules;

export interface SignInThrottle {
  /** Throws 429 RATE_LIMITED when the account, the address or the pair is spent; counts nothing. */
  check(email: string, address: string): Promise<void>;
  /** Counts one failure; answers true when this failure reached the account's ceiling. */
  recordFailure(email: string, address: string): Promise<boolean>;
  /** The account's ceiling: failures in a window (for the owner's once-per-window email). */
  readonly ceiling: { limit: number; windowMs: number };
}

/** The throttle of a running shop. RATE_LIMITS=off (load tests) leaves it on; its overrides of these limits apply. */
export function signInThrottleOf(shop: Shop): SignInThrottle {
  const settings = shop.env.RATE_LIMITS.enabled ? shop.env.RATE_LIMITS : parseRateLimits("");
  return throttleOn(failureThrottle(shop, settings));
}

function throttleOn(limiter: FailureThrottle): SignInThrottle {
  const ceiling: LimitName = CONSOLE_SIGN_IN_RULES.account;
  return {
    check: (email, address) => limiter.refuseWhenSpent(credentialHits(CONSOLE_SIGN_IN_RULES, email, address)),
    recordFailure: async (email, address) => (await limiter.countFailure(credentialHits(CONSOLE_SIGN_IN_RULES, email, address))).includes(ceiling),
    ceiling: limiter.limit(ceiling) ?? RATE_LIMIT_DEFAULTS[ceiling],
  };
}
