import { describe, expect, it } from "vitest";
import { orderProblem } from "./errors";

const err = (status: number, code: string, message: string) => ({ status, code, message });

describe("orderProblem", () => {
  it("puts the shopper in the address for BILLING_VALIDATION_ERROR", () => {
    expect(orderProblem(err(422, "BILLING_VALIDATION_ERROR", "We could not validate the shipping address. Please check the fields."), "order")).toMatchObject({ focus: "address1" });
  });
  it("puts the shopper in the field the server names with its shared message", () => {
    expect(orderProblem(err(422, "BILLING_VALIDATION_ERROR", "Please enter your city."), "order").focus).toBe("city");
    expect(orderProblem(err(400, "VALIDATION_ERROR", "Kindly enter a valid email address."), "order").focus).toBe("email");
    expect(orderProblem(err(400, "VALIDATION_ERROR", "Please confirm the health certification to continue."), "order").focus).toBe("healthCertification");
  });
  it("shows the decline and goes back to the card", () => {
    const p = orderProblem(err(402, "PAYMENT_DECLINED", "Your card was declined."), "order");
    expect(p.message).toMatch(/^Your card was declined\./);
    expect(p.focus).toBe("cardNumber");
  });
  it("says to wait a minute after a duplicate order", () => {
    expect(orderProblem(err(409, "DUPLICATE_TRANSACTION_WARNING", "x"), "order").message).toBe("You just placed this order. Please wait a minute before ordering again.");
  });
  it("links back to the cart for cart problems and offers to drop a bad code", () => {
    expect(orderProblem(err(422, "PRODUCT_NOT_ALLOWED_IN_COUNTRY", "The selected plan is not eligible in your country. Please contact care."), "order").cartLink).toBe(true);
    expect(orderProblem(err(422, "INVALID_COUPON", "This coupon code is invalid."), "order").promoLink).toBe(true);
  });
  it("uses the catalogue's captcha words", () => {
    expect(orderProblem(err(400, "CAPTCHA_FAILED", "captcha"), "order").message).toBe("Captcha failed to validate. Please refresh the page and try again.");
  });
  it("sends a card refusal to the field it is about", () => {
    expect(orderProblem(err(400, "VALIDATION_ERROR", "Your card's security code is invalid."), "card").focus).toBe("cardCvc");
    expect(orderProblem(err(400, "VALIDATION_ERROR", "Your card's expiration date is in the past."), "card").focus).toBe("cardExpiry");
    expect(orderProblem(err(400, "VALIDATION_ERROR", "Your card number is invalid."), "card").focus).toBe("cardNumber");
    expect(orderProblem(err(500, "UNKNOWN", "We encountered an error. Please try again."), "card").focus).toBeNull();
  });
});
