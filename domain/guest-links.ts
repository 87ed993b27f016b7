/**
 * The pages a guest reaches from the order confirmation email with a signed link instead of a password (ADR 0063).
 * Each takes `?token=`: an order link (purpose "order") reads one order and its invoice, nothing else.
 */
export const GUEST_PATHS = {
  order: "/your-order",
  invoice: "/your-order/invoice",
  invoicePdf: "/your-order/invoice.pdf",
} as const;

export const guestPath = (page: keyof typeof GUEST_PATHS, token: string) => `${GUEST_PATHS[page]}?token=${encodeURIComponent(token)}`;

/** What the claim of a guest's account answers: the words are the same either way (only the mailbox learns which). */
export const CLAIM_SENT_MESSAGE = "Check your inbox: we have sent a link to finish. It sets your password, or signs you in if you already have one.";
