import { describe, expect, it } from "vitest";
import { addMonths } from "./billing-dates";

describe("next billing date", () => {
  it("same day next month", () => expect(addMonths(new Date("2026-11-22T12:00:00Z"), 1).toISOString()).toBe("2026-12-22T12:00:00.000Z"));
  it("across the year", () => expect(addMonths(new Date("2026-11-22T12:00:00Z"), 3).toISOString()).toBe("2027-02-22T12:00:00.000Z"));
  it("clamps to the last day of a shorter month", () => {
    expect(addMonths(new Date("2027-01-31T08:00:00Z"), 1).toISOString()).toBe("2027-02-28T08:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T08:00:00Z"), 1).toISOString()).toBe("2028-02-29T08:00:00.000Z");
    expect(addMonths(new Date("2026-08-31T00:00:00Z"), 6).toISOString()).toBe("2027-02-28T00:00:00.000Z");
  });
});
