import { describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "./card";
import { stripeCardProblem } from "./stripe-js";

describe("stripeCardProblem: Stripe.js's card problems in the shop's words", () => {
  it("validation codes read as the sandbox form's own messages", () => {
    expect(stripeCardProblem({ type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." })).toBe(CARD_MESSAGES.cardNumber);
    expect(stripeCardProblem({ type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." })).toBe(CARD_MESSAGES.cardNumber);
    expect(stripeCardProblem({ type: "validation_error", code: "incomplete_expiry" })).toBe(CARD_MESSAGES.cardExpiry);
    expect(stripeCardProblem({ type: "validation_error", code: "invalid_expiry_year_past" })).toBe(CARD_MESSAGES.cardExpired);
    expect(stripeCardProblem({ type: "validation_error", code: "incomplete_cvc" })).toBe(CARD_MESSAGES.cardCvc);
  });

  it("anything else keeps Stripe's message for shoppers, or a plain fallback without one", () => {
    expect(stripeCardProblem({ type: "api_connection_error", message: "We could not reach the payment processor." })).toBe("We could not reach the payment processor.");
    expect(stripeCardProblem({ type: "api_error" })).toMatch(/could not read this card/);
  });
});
