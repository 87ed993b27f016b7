import { describe, expect, it } from "vitest";
import { hasStoredPromoCode } from "./promo-code";

const NOW = Date.parse("2026-03-01T12:00:00Z");

describe("hasStoredPromoCode", () => {
  it("accepts a legacy plain code", () => {
    expect(hasStoredPromoCode("DS-01-25-OFF", NOW)).toBe(true);
  });

  it("accepts a JSON string code", () => {
    expect(hasStoredPromoCode('"SPRING"', NOW)).toBe(true);
  });

  it("accepts a record that has not expired, by timestamp or date text", () => {
    expect(hasStoredPromoCode(JSON.stringify({ code: "SPRING", expiresAt: NOW + 1000 }), NOW)).toBe(true);
    expect(hasStoredPromoCode(JSON.stringify({ value: "SPRING", expires: "2026-03-02T00:00:00Z" }), NOW)).toBe(true);
    expect(hasStoredPromoCode(JSON.stringify({ code: "SPRING" }), NOW)).toBe(true);
  });

  it("rejects an expired record", () => {
    expect(hasStoredPromoCode(JSON.stringify({ code: "SPRING", expiry: NOW - 1 }), NOW)).toBe(false);
  });

  it.each([null, "", "   ", '""', "{}", '{"code":""}', "null", "42", '{"code":5}'])("treats %j as no code", (raw) => {
    expect(hasStoredPromoCode(raw, NOW)).toBe(false);
  });
});
