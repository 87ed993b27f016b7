/** The sandbox's test cards, modelled on the card networks' conventions. Any other valid number succeeds. */
export type CardBehavior =
  | "succeed"
  | "card_declined"
  | "insufficient_funds"
  | "processing_error"
  | "expired_card"
  | "incorrect_cvc"
  | "stolen_card"
  | "lost_card"
  | "fraudulent"
  | "pickup_card"
  | "authentication_required";

export const TEST_CARDS: Record<string, CardBehavior> = {
  "4242424242424242": "succeed",
  "5555555555554444": "succeed",
  "378282246310005": "succeed",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000119": "processing_error",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000009979": "stolen_card",
  "4000000000009987": "lost_card",
  "4100000000000019": "fraudulent",
  "4000000000000044": "pickup_card",
  // Needs the customer's authentication (3-D Secure) off-session; passes on-session at checkout, where the browser asks.
  "4000002760003184": "authentication_required",
};

export const DECLINE_MESSAGES: Record<Exclude<CardBehavior, "succeed">, string> = {
  card_declined: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  processing_error: "An error occurred while processing your card. Please try again in a little bit.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  // The gateway's own words, for operators: shoppers read domain/payments.ts's declineMessageForShopper instead.
  stolen_card: "The card was reported stolen.",
  lost_card: "The card was reported lost.",
  fraudulent: "The payment was refused as likely fraud.",
  pickup_card: "The issuer asks to pick up the card (it may be stolen).",
  authentication_required: "Your bank asks you to confirm this payment.",
};


export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  return "card";
}
