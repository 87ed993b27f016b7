import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES, DEFAULT_CONSENT, parseConsent } from "./cookie-consent";

describe("parseConsent", () => {
  it("covers the five consent categories C0001–C0005", () => {
    expect(CONSENT_CATEGORIES.map((c) => c.id)).toEqual(["C0001", "C0002", "C0003", "C0004", "C0005"]);
  });

  it("falls back to the defaults when nothing or garbage is stored", () => {
    expect(parseConsent(null)).toEqual(DEFAULT_CONSENT);
    expect(parseConsent("{oops")).toEqual(DEFAULT_CONSENT);
    expect(parseConsent("[]")).toEqual(DEFAULT_CONSENT);
  });

  it("applies stored choices over the defaults and ignores non-boolean values", () => {
    expect(parseConsent(JSON.stringify({ C0002: false, C0004: false, C0005: "no" }))).toEqual({
      ...DEFAULT_CONSENT,
      C0002: false,
      C0004: false,
    });
  });

  it("keeps strictly necessary cookies on whatever is stored", () => {
    expect(parseConsent(JSON.stringify({ C0001: false })).C0001).toBe(true);
  });
});
