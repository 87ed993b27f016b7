import { describe, expect, it } from "vitest";
import { CA_PROVINCES, US_STATES } from "../../../domain/address";
import { postalLabel, regionChoices, regionLabel } from "./regions";

describe("regionChoices", () => {
  it("names every US state and territory, sorted by name", () => {
    const us = regionChoices("US");
    expect(us?.choices.map((c) => c.code).sort()).toEqual([...US_STATES].sort());
    expect(us?.choices[0]).toEqual({ code: "AL", name: "Alabama" });
    expect(us?.label).toBe("State");
  });
  it("names every Canadian province", () => expect(regionChoices("CA")?.choices).toHaveLength(CA_PROVINCES.length));
  it("is free text elsewhere", () => expect(regionChoices("DE")).toBeNull());
});

describe("postalLabel", () => {
  it("speaks the country's word", () => {
    expect(postalLabel("US")).toBe("ZIP code");
    expect(postalLabel("GB")).toBe("Postcode");
    expect(postalLabel("FR")).toBe("Postal code");
    expect(postalLabel("AU")).toBe("Postcode");
    expect(postalLabel("IE")).toBe("Eircode");
  });
  it("names the free-text region as the country does", () => {
    expect(regionLabel("GB")).toBe("County");
    expect(regionLabel("AU")).toBe("State");
    expect(regionLabel("DE")).toBe("State or region");
  });
});
