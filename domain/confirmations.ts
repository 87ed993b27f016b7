/**
 * Second looks before money or data goes for good (issue 36). The rules live here so the page that asks and the
 * server that refuses agree: the server refuses a request that lacks the confirmation, whatever page sent it.
 */

/** A typed confirmation matches when it is the expected words, ignoring case and the spaces around them. */
export function typedMatches(expected: string, typed: string | null | undefined): boolean {
  return typeof typed === "string" && typed.trim().toLowerCase() === expected.trim().toLowerCase() && expected.trim() !== "";
}

/** What staff type to process a deletion: the word, not the customer's name (which may be gone or mistyped). */
export const DELETION_WORD = "DELETE";

/**
 * A refund that leaves nothing of the payment to refund (the "Refund everything left" button, or an amount that
 * happens to be all that is left) is the destructive one: it also voids the order's referral and gives its spent
 * credit back, so it asks for the order number typed.
 */
export const refundEmptiesPayment = (amount: number, refundable: number): boolean => amount >= refundable;

export interface RefundConfirmation {
  /** The amount the confirmation showed, minor units: the request refunds exactly this or nothing. */
  confirmedAmount?: number;
  /** The order number typed, when the refund empties the payment. */
  typed?: string;
}

/**
 * Why a refund of `amount` (what is `refundable` now) may not go ahead with this confirmation, or null when it may.
 * A refund of everything left whose amount moved since the confirmation (another refund landed meanwhile) is refused
 * too: staff confirmed a different sum.
 */
export function refundConfirmationProblem(r: { amount: number; refundable: number; orderNumber: string } & RefundConfirmation): { code: "CONFIRMATION_REQUIRED" | "CONFIRMATION_STALE"; message: string } | null {
  if (r.confirmedAmount === undefined) return { code: "CONFIRMATION_REQUIRED", message: "Confirm the refund first: the request must carry the amount you were shown (confirmedAmount)." };
  if (r.confirmedAmount !== r.amount) return { code: "CONFIRMATION_STALE", message: "The amount to refund is not the one you confirmed (another refund may have landed). Nothing was refunded; look again." };
  if (refundEmptiesPayment(r.amount, r.refundable) && !typedMatches(r.orderNumber, r.typed)) {
    return { code: "CONFIRMATION_REQUIRED", message: `This refunds everything left of the payment. Type the order number ${r.orderNumber} to confirm.` };
  }
  return null;
}
