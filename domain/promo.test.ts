import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_PROMO_EXPIRY_HOURS,
  LEGACY_PROMO_EXPIRY_HOURS,
  QUIZ_PRICE_THRESHOLD,
  QUIZ_PROMO_CODE,
  readStoredPromo,
  resolvePromoCodeOnLoad,
  storePromo,
} from "./promo";

describe("constants (SPEC.md section 9)", () => {
  it("quiz code, threshold and expiries", () => {
    expect(QUIZ_PROMO_CODE).toBe("DS-01-25-OFF");
    expect(QUIZ_PRICE_THRESHOLD).toBe(12.4975);
    expect(DEFAULT_PROMO_EXPIRY_HOURS).toBe(720);
    expect(LEGACY_PROMO_EXPIRY_HOURS).toBe(48);
  });
});

describe("resolvePromoCodeOnLoad (SPEC.md section 4)", () => {
  const never = vi.fn(async () => {
    throw new Error("must not be called");
  });
  it("no promo_code parameter keeps the stored code", async () => {
    expect(await resolvePromoCodeOnLoad({ queryCode: null, storedCode: "SAVE5", lookupSynWkPrice: never })).toBe("SAVE5");
  });
  it("any other code is kept as given", async () => {
    expect(await resolvePromoCodeOnLoad({ queryCode: "welcome10", storedCode: "SAVE5", lookupSynWkPrice: never })).toBe("welcome10");
  });
  it("the quiz code with nothing stored is used", async () => {
    expect(await resolvePromoCodeOnLoad({ queryCode: "DS-01-25-OFF", storedCode: null, lookupSynWkPrice: never })).toBe(QUIZ_PROMO_CODE);
  });
  it("a parameter containing the quiz code counts as the quiz code", async () => {
    const lookup = vi.fn(async () => 5);
    expect(await resolvePromoCodeOnLoad({ queryCode: "x-ds-01-25-off-y", storedCode: "SAVE5", lookupSynWkPrice: lookup })).toBe(QUIZ_PROMO_CODE);
    expect(lookup).toHaveBeenCalledWith("SAVE5");
  });
  it("the quiz code is used when the stored code's syn-wk figure is below 12.4975", async () => {
    expect(await resolvePromoCodeOnLoad({ queryCode: QUIZ_PROMO_CODE, storedCode: "SAVE5", lookupSynWkPrice: async () => 12.49 })).toBe(QUIZ_PROMO_CODE);
  });
  it("the stored code stays when its figure is exactly 12.4975 or above", async () => {
    expect(await resolvePromoCodeOnLoad({ queryCode: QUIZ_PROMO_CODE, storedCode: "BIG", lookupSynWkPrice: async () => 12.4975 })).toBe("BIG");
    expect(await resolvePromoCodeOnLoad({ queryCode: QUIZ_PROMO_CODE, storedCode: "BIG", lookupSynWkPrice: async () => 20 })).toBe("BIG");
  });
  it("on lookup error the quiz code is used", async () => {
    const failing = async () => Promise.reject(new Error("network"));
    expect(await resolvePromoCodeOnLoad({ queryCode: QUIZ_PROMO_CODE, storedCode: "SAVE5", lookupSynWkPrice: failing })).toBe(QUIZ_PROMO_CODE);
  });
});

describe("stored promo code with expiry", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("stores with 720 hours by default", () => {
    expect(storePromo("SAVE5", now)).toEqual({ code: "SAVE5", expirationDate: "2026-12-22T12:00:00.000Z" });
  });
  it("stores with the given hours", () => {
    expect(storePromo("SAVE5", now, 1).expirationDate).toBe("2026-11-22T13:00:00.000Z");
  });
  it("nothing stored", () => expect(readStoredPromo(null, now)).toEqual({ kind: "none" }));
  it("a valid stored code is read as is", () => {
    const raw = JSON.stringify(storePromo("SAVE5", now));
    expect(readStoredPromo(raw, now)).toEqual({ kind: "valid", promo: storePromo("SAVE5", now), rewrite: false });
  });
  it("an expired code is reported expired (the caller removes it)", () => {
    const raw = JSON.stringify({ code: "SAVE5", expirationDate: "2026-11-22T11:59:59Z" });
    expect(readStoredPromo(raw, now)).toEqual({ kind: "expired" });
  });
  it("expiring exactly now counts as expired", () => {
    expect(readStoredPromo(JSON.stringify({ code: "A", expirationDate: now.toISOString() }), now).kind).toBe("expired");
  });
  it("a legacy plain value gets 48 hours and is rewritten", () => {
    expect(readStoredPromo("SAVE5", now)).toEqual({
      kind: "valid",
      promo: { code: "SAVE5", expirationDate: "2026-11-24T12:00:00.000Z" },
      rewrite: true,
    });
  });
  it("a legacy JSON string value is treated the same", () => {
    expect(readStoredPromo('"SAVE5"', now)).toMatchObject({ kind: "valid", rewrite: true });
  });
  it.each(['{"code":1}', '{"expirationDate":"2027-01-01"}', "[]", '{"code":"A","expirationDate":"not a date"}', '""'])(
    "junk (%s) reads as expired so it gets removed",
    (raw) => expect(readStoredPromo(raw, now).kind).toBe("expired"),
  );
});
