import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, isErrorCode, ShopError } from "./errors";

/** The codes of SPEC.md section 8's table. */
const SPEC_CODES = [
  "BILLING_VALIDATION_ERROR",
  "INVALID_COUPON",
  "ITEM_NOT_AVAILABLE",
  "PRODUCT_NOT_ALLOWED_IN_COUNTRY",
  "UNKNOWN",
  "USER_NOT_FOUND",
  "QUANTITY_NOT_ALLOWED_IN_COUNTRY",
  "QUANTITY_NOT_ALLOWED",
  "UNVERIFIED_ACCOUNT",
  "DUPLICATE_TRANSACTION_WARNING",
];

describe("error catalogue", () => {
  it.each(SPEC_CODES)("has SPEC.md section 8 code %s", (code) => {
    expect(isErrorCode(code)).toBe(true);
  });

  it("USER_NOT_FOUND says 'Incorrect username/password' word for word", () => {
    expect(ERROR_CATALOGUE.USER_NOT_FOUND.message).toBe("Incorrect username/password");
  });

  it("has the transport codes every endpoint needs", () => {
    for (const code of ["VALIDATION_ERROR", "NOT_FOUND", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "UNAUTHENTICATED", "RATE_LIMITED"]) {
      expect(isErrorCode(code)).toBe(true);
    }
    expect(ERROR_CATALOGUE.VALIDATION_ERROR.status).toBe(400);
    expect(ERROR_CATALOGUE.NOT_FOUND.status).toBe(404);
    expect(ERROR_CATALOGUE.PAYLOAD_TOO_LARGE.status).toBe(413);
    expect(ERROR_CATALOGUE.UNSUPPORTED_MEDIA_TYPE.status).toBe(415);
    expect(ERROR_CATALOGUE.UNAUTHENTICATED.status).toBe(401);
    expect(ERROR_CATALOGUE.RATE_LIMITED.status).toBe(429);
  });

  it("every entry has a non-empty message and an HTTP error status", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.message.trim().length, code).toBeGreaterThan(0);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it("only UNKNOWN is a server error: the rest are the caller's to fix", () => {
    const fiveHundreds = Object.entries(ERROR_CATALOGUE).filter(([, e]) => e.status >= 500).map(([c]) => c);
    expect(fiveHundreds).toEqual(["UNKNOWN"]);
  });

  it("isErrorCode rejects other values, including inherited property names", () => {
    expect(isErrorCode("NOPE")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("__proto__")).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe("ShopError", () => {
  it("takes its status and words from the catalogue", () => {
    const error = new ShopError("INVALID_COUPON");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ShopError");
    expect(error.code).toBe("INVALID_COUPON");
    expect(error.status).toBe(ERROR_CATALOGUE.INVALID_COUPON.status);
    expect(error.message).toBe(ERROR_CATALOGUE.INVALID_COUPON.message);
    expect(error.toBody()).toEqual({ code: "INVALID_COUPON", message: ERROR_CATALOGUE.INVALID_COUPON.message });
  });

  it("a specific message replaces the catalogue words but keeps code and status", () => {
    const error = new ShopError("VALIDATION_ERROR", "email: Kindly enter a valid email address.");
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({ code: "VALIDATION_ERROR", message: "email: Kindly enter a valid email address." });
  });
});
