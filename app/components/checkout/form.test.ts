import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES } from "../../../domain/address";
import { PurchaseRequestSchema } from "../../../domain/checkout";
import { CARD_MESSAGES } from "./card";
import { checkoutErrors, fieldProblem, firstInvalid, initialValues, purchaseBody, SHIPPING_METHOD_MESSAGE, type CheckoutValues } from "./form";

const now = new Date(2026, 4, 15);
const filled: CheckoutValues = {
  ...initialValues("US"),
  email: "Ada@Example.com ",
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "12 Elm St",
  city: "Portland",
  region: "or",
  postalCode: "97201",
  shippingMethod: "free_shipping",
  healthCertification: true,
  renewalConsent: true,
  cardNumber: "4242 4242 4242 4242",
  cardExpiry: "12 / 30",
  cardCvc: "123",
  cardName: "Ada Lovelace",
};

describe("checkout field checks", () => {
  it("pass a filled form", () => expect(checkoutErrors(filled, undefined, now)).toEqual({}));
  it("use the catalogue's words", () => {
    expect(fieldProblem({ ...filled, email: "ada@" }, "email", now)).toBe("Kindly enter a valid email address.");
    expect(fieldProblem({ ...filled, city: "" }, "city", now)).toBe(ADDRESS_MESSAGES.city);
    expect(fieldProblem({ ...filled, healthCertification: false }, "healthCertification", now)).toBe(ADDRESS_MESSAGES.healthCertification);
    expect(fieldProblem({ ...filled, shippingMethod: "" }, "shippingMethod", now)).toBe(SHIPPING_METHOD_MESSAGE);
    expect(fieldProblem({ ...filled, renewalConsent: false }, "renewalConsent", now)).toBe("Please confirm that you agree to the automatic renewal to continue.");
    expect(fieldProblem({ ...filled, cardCvc: "" }, "cardCvc", now)).toBe(CARD_MESSAGES.cardCvc);
  });
  it("find the first field with a problem in the form's order", () => {
    const errors = checkoutErrors({ ...filled, cardName: "", lastName: "" }, undefined, now);
    expect(Object.keys(errors)).toEqual(["lastName", "cardName"]);
    expect(firstInvalid(errors)).toBe("lastName");
  });
  it("check an empty form everywhere", () => {
    const errors = checkoutErrors(initialValues("US"), undefined, now);
    expect(Object.keys(errors)).toEqual(["email", "firstName", "lastName", "address1", "city", "region", "postalCode", "shippingMethod", "cardNumber", "cardExpiry", "cardCvc", "cardName", "healthCertification", "renewalConsent"]);
  });
});

describe("purchaseBody with captcha", () => {
  it("carries the Turnstile token only when there is one", () => {
    const base = { values: initialValues("US", "a@example.com"), items: { "syn-wk": 1 }, couponCodes: [], token: "tok_abcdefgh1234" };
    expect(purchaseBody({ ...base, captchaToken: "cf-token" })).toMatchObject({ captchaToken: "cf-token" });
    expect(purchaseBody(base)).not.toHaveProperty("captchaToken");
    expect(purchaseBody({ ...base, captchaToken: null })).not.toHaveProperty("captchaToken");
  });
});

describe("purchaseBody", () => {
  it("matches the server's PurchaseRequestSchema", () => {
    const body = purchaseBody({ values: filled, items: { "syn-wk-3mo": 1 }, couponCodes: ["WELCOME10"], token: "tok_abcdefgh1234", cartId: "c1" });
    expect(body.email).toBe("ada@example.com");
    expect(body.shippingAddress).toEqual({ firstName: "Ada", lastName: "Lovelace", address1: "12 Elm St", city: "Portland", region: "OR", postalCode: "97201", country: "US" });
    expect(PurchaseRequestSchema.safeParse(body).success).toBe(true);
  });
});
