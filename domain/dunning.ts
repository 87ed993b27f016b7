/**
 * Dunning (ADR 0010): what to do after a renewal charge is declined. Soft declines (the card is fine, the moment was
 * not) are retried on a schedule; hard declines (the card will never work) wait for a new card. The schedule stays far
 * inside the card networks' limits (Visa: at most 15 retries in 30 days; Mastercard: 10 in 24 hours).
 */
export type DeclineKind = "soft" | "hard";

const SOFT = new Set([
  "insufficient_funds",
  "processing_error",
  "issuer_not_available",
  "try_again_later",
  "card_velocity_exceeded",
  "generic_decline",
  "card_declined",
  "do_not_honor",
  "reenter_transaction",
]);
const HARD = new Set([
  "stolen_card",
  "lost_card",
  "pickup_card",
  "expired_card",
  "incorrect_number",
  "invalid_number",
  "invalid_account",
  "account_closed",
  "card_not_supported",
  "incorrect_cvc",
  "invalid_cvc",
  "invalid_expiry_year",
  "invalid_expiry_month",
  "restricted_card",
  "revocation_of_authorization",
  "fraudulent",
]);

/** Unknown codes count as hard: retrying a card we cannot reason about is what the networks penalise. */
export function classifyDecline(code: string): DeclineKind {
  if (SOFT.has(code)) return "soft";
  if (HARD.has(code)) return "hard";
  return "hard";
}

const DAY_MS = 86_400_000;
/** Retries after a soft decline, in days after the first failed attempt: 4 retries, 5 attempts in all. */
export const RETRY_DAYS = [1, 3, 5, 7] as const;
/** A hard decline, or a payment waiting for authentication, gives the customer this long to act before cancelling. */
export const GRACE_DAYS = 7;

export type DunningStep =
  | { action: "retry"; at: Date }
  | { action: "wait_for_card"; cancelAt: Date }
  | { action: "cancel" };

/**
 * After failed attempt number `attempt` (1 = the charge on the due date) of a renewal first tried at `firstAttemptAt`:
 * retry a soft decline on the next day of the schedule, wait for a new card after a hard one, cancel when nothing is left.
 */
export function nextDunningStep(kind: DeclineKind, attempt: number, firstAttemptAt: Date, now: Date): DunningStep {
  const deadline = new Date(firstAttemptAt.getTime() + GRACE_DAYS * DAY_MS);
  if (kind === "hard") return now.getTime() >= deadline.getTime() ? { action: "cancel" } : { action: "wait_for_card", cancelAt: deadline };
  const day = RETRY_DAYS[attempt - 1];
  if (day === undefined) return { action: "cancel" };
  return { action: "retry", at: new Date(firstAttemptAt.getTime() + day * DAY_MS) };
}
