import { describe, expect, it } from "vitest";
import { addressWords, regionIsListed } from "./address-words";
import { COUNTRY_CHOICES } from "./locale";
import { canShipTo } from "./shipping";

describe("each country's words for the postal code and region", () => {
  it.each([
    ["US", "ZIP code", "State", "Please enter a valid ZIP code.", "Please choose your state."],
    ["GB", "Postcode", "County", "Please enter a valid postcode.", "Please shorten your county to 50 characters."],
    ["CA", "Postal code", "Province", "Please enter a valid postal code.", "Please choose your province."],
    ["AU", "Postcode", "State", "Please enter a valid postcode.", "Please shorten your state to 50 characters."],
    ["IE", "Eircode", "County", "Please enter a valid eircode.", "Please shorten your county to 50 characters."],
    ["JP", "Postal code", "Prefecture", "Please enter a valid postal code.", "Please shorten your prefecture to 50 characters."],
    ["DE", "Postal code", "State or region", "Please enter a valid postal code.", "Please shorten your state or region to 50 characters."],
  ])("%s: %s / %s", (country, postalLabel, regionLabel, postalMessage, regionMessage) => {
    expect(addressWords(country)).toEqual({ postalLabel, regionLabel, postalMessage, regionMessage });
  });
  it("reads the code in any case, with spaces", () => expect(addressWords(" gb ").postalLabel).toBe("Postcode"));
  it("never says zip code outside the US", () => {
    for (const country of COUNTRY_CHOICES.filter((c) => c !== "US" && canShipTo(c))) {
      const words = addressWords(country);
      expect(`${words.postalLabel} ${words.postalMessage}`.toLowerCase()).not.toContain("zip");
    }
  });
  it("a region is chosen from a list only in the US and Canada", () => {
    expect(regionIsListed("US")).toBe(true);
    expect(regionIsListed("ca")).toBe(true);
    expect(regionIsListed("GB")).toBe(false);
  });
});
