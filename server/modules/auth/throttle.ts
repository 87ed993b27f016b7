import { consume, enforceLimits, limitOf, rateLimited, standings, type ConsumeRequest, type LimitName } from "../rate-limit";
import type { Shop } from "../../shop";

/**
 * The credential flows' throttles (docs/decisions/0016, 0057), counted by the shop's database-backed limiter: per
 * account and address, a handful of tries; per address, enough for a household or an office behind one NAT; per
 * account from everywhere, a ceiling that stops a distributed guesser or mailer. A stranger hammering one account from
 * their own addresses never stops its owner on another: the owner's own (account, address) pair is fresh, the mail
 * ceiling is far above one address's share, and the password ceiling holds back only addresses that failed. Each
 * rule can be changed with RATE_LIMITS.
 */
export const AUTH_RULES = {
  signInAccountAddress: "sign-in-per-email-and-address",
  signInAddress: "sign-in-per-address",
  signInAccount: "sign-in-per-email",
  mailAccountAddress: "account-mail-per-email-and-address",
  mailAccount: "account-mail-per-email",
  mailAddress: "account-mail-per-address",
  codeAccount: "sign-in-codes-per-email",
} as const satisfies Record<string, LimitName>;

export type AuthRuleName = keyof typeof AUTH_RULES;

/** Counts the attempt under every rule; throws 429 RATE_LIMITED (with Retry-After) at the first one spent. */
export async function throttleAll(shop: Shop, hits: [AuthRuleName, string][]): Promise<void> {
  await enforceLimits(shop, hits.map(([rule, key]) => [AUTH_RULES[rule], key] as const));
}

/**
 * An account email (magic link, code, reset, verification, social confirmation) asked for `account` from `address`:
 * the pair first, so a stranger's refused requests count nowhere else; then the address; then the account's ceiling,
 * which only many addresses reach (each stopped at the pair's few).
 */
export async function throttleAccountMail(shop: Shop, account: string, address: string): Promise<void> {
  await throttleAll(shop, [["mailAccountAddress", `${account}|${address}`], ["mailAddress", address], ["mailAccount", account]]);
}

/**
 * The per-account password ceiling (`sign-in-per-email`) counts failed passwords from everywhere. Once spent it
 * refuses only addresses that themselves failed for this account within its window, so a distributed guesser gets one
 * try per fresh address while the owner, from an address that never failed, is still checked (and let in). Failures
 * per (account, address) are counted under the ceiling's own settings in a bucket of their own.
 */
const FAILED_FROM = "sign-in-per-email:failed-from-address";

function passwordCeiling(shop: Shop, account: string, address: string): { ceiling: ConsumeRequest; failedHere: ConsumeRequest } | null {
  const limit = limitOf(shop.env.RATE_LIMITS, AUTH_RULES.signInAccount);
  if (!limit) return null;
  return { ceiling: { bucket: AUTH_RULES.signInAccount, key: account, ...limit }, failedHere: { bucket: FAILED_FROM, key: `${account}|${address}`, ...limit } };
}

/** Throws 429 RATE_LIMITED when the account's failure ceiling is spent and this address has failed for it; counts nothing. */
export async function holdBackFailedAddress(shop: Shop, account: string, address: string): Promise<void> {
  const rule = passwordCeiling(shop, account, address);
  if (!rule) return;
  const [ceiling, failedHere] = await standings(shop, [rule.ceiling, rule.failedHere]);
  if (!ceiling!.allowed && failedHere!.used > 0) throw rateLimited(ceiling!);
}

/** Counts one failed password against the account's ceiling and against this (account, address). */
export async function countPasswordFailure(shop: Shop, account: string, address: string): Promise<void> {
  const rule = passwordCeiling(shop, account, address);
  if (!rule) return;
  await Promise.all([consume(shop, rule.ceiling), consume(shop, rule.failedHere)]);
}
