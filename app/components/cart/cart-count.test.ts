import { describe, expect, it } from "vitest";
import { countCartItems } from "./cart-count";

describe("countCartItems", () => {
  it("sums the quantities of a code → quantity map", () => {
    expect(countCartItems(JSON.stringify({ "syn-wk": 1, "pds-wk": 2 }))).toBe(3);
  });

  it("reads numeric strings and drops fractions", () => {
    expect(countCartItems(JSON.stringify({ "syn-wk": "2", "vs-wk": 1.7 }))).toBe(3);
  });

  it("ignores zero, negative and non-numeric quantities", () => {
    expect(countCartItems(JSON.stringify({ a: 0, b: -2, c: "x", d: null, e: true, f: 1 }))).toBe(1);
  });

  it.each([null, "", "not json", "[1,2]", "5", "null", '"syn-wk"'])("treats %j as an empty cart", (raw) => {
    expect(countCartItems(raw)).toBe(0);
  });
});
