import { describe, expect, it } from "vitest";
import { acceptCountry, acceptRegion, DEFAULT_COUNTRY, DEFAULT_REGION, UNKNOWN } from "./locale";
import { COUNTRY_STORAGE_KEY, REGION_STORAGE_KEY } from "./storage-keys";

describe("locale", () => {
  it("defaults are US for country and XX for region", () => {
    expect(DEFAULT_COUNTRY).toBe("US");
    expect(DEFAULT_REGION).toBe("XX");
    expect(UNKNOWN).toBe("UNKNOWN");
  });

  it("storage keys are those of SPEC.md section 9", () => {
    expect(COUNTRY_STORAGE_KEY).toBe("seed_country_code");
    expect(REGION_STORAGE_KEY).toBe("seed_region_code");
  });

  it.each([
    ["GB", "GB"],
    ["ca", "CA"],
    [" de ", "DE"],
    ["US", "US"],
    ["X", "X"],
    ["ABC", "ABC"],
  ])("country %j shorter than 4 characters is accepted as %s", (input, expected) => {
    expect(acceptCountry(input)).toBe(expected);
  });

  it.each([["ABCD"], ["UNKNOWN"], ["unknown"], [""], ["   "], [null], [undefined], ["GBRX"]])("country %j falls back to US", (input) => {
    expect(acceptCountry(input)).toBe("US");
  });

  it.each([
    ["CA", "CA"],
    ["ny", "NY"],
    ["ENG", "ENG"],
  ])("region %j shorter than 4 characters is accepted as %s", (input, expected) => {
    expect(acceptRegion(input)).toBe(expected);
  });

  it.each([["ABCD"], ["UNKNOWN"], [""], [null], [undefined]])("region %j falls back to XX", (input) => {
    expect(acceptRegion(input)).toBe("XX");
  });
});
