import { cents, type Cents } from "./money";

/**
 * Member credit (referral rewards, redeemed points: ADR 0037) taken off a checkout order (ADR 0040). The credit comes
 * off the total after discounts and shipping, never below zero; the card is still required and, when the credit covers
 * everything, charged nothing now (its subscriptions renew on it).
 */
export const CREDIT_LABEL = "Account credit";

/** A quote with `credit` taken off its total: the amount applied is what the total allows, never less than zero. */
export function applyOrderCredit<Q extends { total: number }>(quote: Q, credit: number): Q & { creditApplied: Cents } {
  const applied = Math.max(0, Math.min(Math.floor(credit), quote.total));
  return { ...quote, creditApplied: cents(applied), total: cents(quote.total - applied) };
}
