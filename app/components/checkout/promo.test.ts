import { describe, expect, it } from "vitest";
import { storedPromoCode } from "./promo";

const now = new Date("2026-05-15T00:00:00Z");

describe("storedPromoCode", () => {
  it("reads a code that has not expired", () => expect(storedPromoCode(JSON.stringify({ code: "WELCOME10", expirationDate: "2026-06-01T00:00:00Z" }), now)).toBe("WELCOME10"));
  it("reads a legacy plain value", () => expect(storedPromoCode("SAVE5", now)).toBe("SAVE5"));
  it("ignores an expired or missing code", () => {
    expect(storedPromoCode(JSON.stringify({ code: "WELCOME10", expirationDate: "2026-01-01T00:00:00Z" }), now)).toBeNull();
    expect(storedPromoCode(null, now)).toBeNull();
  });
});
