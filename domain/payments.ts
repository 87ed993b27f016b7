/**
 * What a shopper reads when a card is declined. Reasons the shopper can act on keep their words (top up, check the
 * expiry, check the security code, try again); every other reason, stolen, lost, fraudulent or "pick up card"
 * among them, reads as the generic decline, so a card tester learns nothing about the card. Operators see the gateway's
 * own reason in the logs.
 */
const SHOPPER_DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Please try again in a little bit.",
  // Checkout does not take 3-D Secure confirmations yet (ADR 0019): the shopper can act by choosing another card.
  authentication_required: "Your bank wants to confirm this payment with you, and checkout cannot take that confirmation. Please use another card.",
};

export const GENERIC_DECLINE_MESSAGE = "Your card was declined.";

export function declineMessageForShopper(declineCode: string): string {
  return Object.hasOwn(SHOPPER_DECLINE_MESSAGES, declineCode) ? SHOPPER_DECLINE_MESSAGES[declineCode]! : GENERIC_DECLINE_MESSAGE;
}

/** Card networks as people write them; the gateways answer lower-case codes ("visa", "amex"). */
const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  american_express: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  diners_club: "Diners Club",
  unionpay: "UnionPay",
};

/** "Visa", "American Express"; an unknown network keeps its own name with a capital, and none reads "Card". */
export function cardBrandName(brand: string | null | undefined): string {
  const code = (brand ?? "").trim().toLowerCase();
  if (!code) return "Card";
  return CARD_BRAND_NAMES[code] ?? code.charAt(0).toUpperCase() + code.slice(1);
}
