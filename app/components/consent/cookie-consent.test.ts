import { describe, expect, it } from "vitest";
import { CONSENT_CATEGORIES } from "./cookie-consent";

describe("the consent categories shown to shoppers", () => {
  it("are C0001–C0005 with words for each, and only C0001 is required", () => {
    expect(CONSENT_CATEGORIES.map((c) => c.id)).toEqual(["C0001", "C0002", "C0003", "C0004", "C0005"]);
    expect(CONSENT_CATEGORIES.filter((c) => c.required).map((c) => c.id)).toEqual(["C0001"]);
    for (const c of CONSENT_CATEGORIES) expect(c.description.length).toBeGreaterThan(30);
  });
});
