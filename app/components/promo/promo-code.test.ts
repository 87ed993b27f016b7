import { describe, expect, it } from "vitest";
import { hasStoredPromoCode } from "./promo-code";

const NOW = Date.parse("2026-03-01T12:00:00Z");

describe("hasStoredPromoCode (the stored form of SPEC.md section 3: code plus expirationDate)", () => {
  it("accepts a legacy plain code", () => {
    expect(hasStoredPromoCode("DS-01-25-OFF", NOW)).toBe(true);
  });

  it("accepts a JSON string code", () => {
    expect(hasStoredPromoCode('"SPRING"', NOW)).toBe(true);
  });

  it("accepts a record that has not expired", () => {
    expect(hasStoredPromoCode(JSON.stringify({ code: "SPRING", expirationDate: "2026-03-02T00:00:00Z" }), NOW)).toBe(true);
  });

  it("rejects an expired record", () => {
    expect(hasStoredPromoCode(JSON.stringify({ code: "SPRING", expirationDate: "2026-03-01T11:59:59Z" }), NOW)).toBe(false);
  });

  it.each([null, "", "   ", '""', "{}", '{"code":""}', "null", "42", '{"code":5}', '{"code":"A"}'])("treats %j as no code", (raw) => {
    expect(hasStoredPromoCode(raw, NOW)).toBe(false);
  });
});
