import { describe, expect, it } from "vitest";
import { isCountryCode, ISO_COUNTRY_CODES } from "./countries";
import { canShipTo, shippingRates } from "./shipping";

describe("ISO 3166-1 country codes", () => {
  it("knows the 249 assigned codes, in any case, and nothing else", () => {
    expect(ISO_COUNTRY_CODES.size).toBe(249);
    for (const code of ["US", "de", "GB", "NZ", "AX", "SS"]) expect(isCountryCode(code), code).toBe(true);
    for (const code of ["XX", "UK", "EU", "ZZ", "U", "USA", ""]) expect(isCountryCode(code), code).toBe(false);
  });

  it("we ship only to real countries, and not to New Zealand", () => {
    expect(canShipTo("DE")).toBe(true);
    expect(canShipTo("XX")).toBe(false);
    expect(canShipTo("NZ")).toBe(false);
    expect(shippingRates("XX", [])).toEqual([]);
  });
});
