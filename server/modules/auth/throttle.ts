import { enforceLimits, type LimitName } from "../rate-limit";
import type { Shop } from "../../shop";

/**
 * The credential flows' throttles (docs/decisions/0016), counted by the shop's database-backed limiter: per account
 * and address, a handful of tries; per address, enough for a household or an office behind one NAT; per account
 * from everywhere, a ceiling that stops a distributed guesser. The owner on another address is only stopped by that
 * ceiling, and can still ask for a link or a code. Each rule can be changed with RATE_LIMITS.
 */
export const AUTH_RULES = {
  signInAccountAddress: "sign-in-per-email-and-address",
  signInAddress: "sign-in-per-address",
  signInAccount: "sign-in-per-email",
  mailAccount: "account-mail-per-email",
  mailAddress: "account-mail-per-address",
  codeAccount: "sign-in-codes-per-email",
} as const satisfies Record<string, LimitName>;

export type AuthRuleName = keyof typeof AUTH_RULES;

/** Counts the attempt under every rule; throws 429 RATE_LIMITED (with Retry-After) at the first one spent. */
export async function throttleAll(shop: Shop, hits: [AuthRuleName, string][]): Promise<void> {
  await enforceLimits(shop, hits.map(([rule, key]) => [AUTH_RULES[rule], key] as const));
}
