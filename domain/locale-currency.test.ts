import { describe, expect, it } from "vitest";
import { currencyForCountry, EURO_COUNTRIES, usesAltCurrencyPlans } from "./locale";

describe("currency by country (SPEC.md section 9)", () => {
  it.each([
    ["US", "USD"],
    ["GB", "GBP"],
    ["MX", "MXN"],
    ["SG", "SGD"],
    ["AU", "AUD"],
  ])("%s pays in %s", (country, currency) => expect(currencyForCountry(country)).toBe(currency));

  it("the nineteen euro countries pay in EUR", () => {
    expect([...EURO_COUNTRIES].sort()).toEqual(
      ["AT", "BE", "CY", "EE", "FI", "FR", "DE", "GR", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PT", "SK", "SI", "ES"].sort(),
    );
    for (const c of EURO_COUNTRIES) expect(currencyForCountry(c)).toBe("EUR");
  });

  it.each(["CA", "NZ", "JP", "BR", "CH"])("other countries (%s) default to USD", (c) => expect(currencyForCountry(c)).toBe("USD"));
  it("lowercase codes are read", () => expect(currencyForCountry("de")).toBe("EUR"));
  it("an unacceptable country code falls back to the US default", () => {
    expect(currencyForCountry("UNKNOWN")).toBe("USD");
    expect(currencyForCountry("GBRX")).toBe("USD");
  });
  it("only the US buys from the domestic price list", () => {
    expect(usesAltCurrencyPlans("US")).toBe(false);
    expect(usesAltCurrencyPlans("CA")).toBe(true);
    expect(usesAltCurrencyPlans("DE")).toBe(true);
    expect(usesAltCurrencyPlans("UNKNOWN")).toBe(false);
  });
});
