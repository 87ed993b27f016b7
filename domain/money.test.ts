import { describe, expect, it } from "vitest";
import { cents, formatMoney, fromMajor, isCurrency, sumCents } from "./money";

describe("money in minor units", () => {
  it("cents refuses fractions and unsafe numbers", () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
    expect(cents(4999)).toBe(4999);
  });
  it("fromMajor removes float noise", () => {
    expect(fromMajor(134.97)).toBe(13497);
    expect(fromMajor(0.1 + 0.2)).toBe(30);
  });
  it("sums", () => expect(sumCents([4999, 4999, -1000])).toBe(8998));
  it("knows its currencies", () => {
    expect(isCurrency("EUR")).toBe(true);
    expect(isCurrency("JPY")).toBe(false);
  });
});

describe("formatMoney with Intl.NumberFormat", () => {
  it("US dollars", () => expect(formatMoney({ amount: cents(13497), currency: "USD" })).toBe("$134.97"));
  it("euros in German", () => expect(formatMoney({ amount: cents(4999), currency: "EUR" }, "de-DE")).toBe("49,99\u00a0€"));
  it("pounds", () => expect(formatMoney({ amount: cents(4499), currency: "GBP" }, "en-GB")).toBe("£44.99"));
  it("drops zero cents when asked", () => expect(formatMoney({ amount: cents(2500), currency: "USD" }, "en-US", { dropZeroCents: true })).toBe("$25"));
});
