import { describe, expect, it } from "vitest";
import { attributionFrom, campaignOf, clickIdValue, EMPTY_ATTRIBUTION, updateAttribution } from "./attribution";

const visit = (query: string) => campaignOf(new URLSearchParams(query));

describe("campaign values", () => {
  it("reads the five utm_ parameters, trimmed, ignoring empty and unknown ones", () => {
    expect(visit("utm_campaign=spring&utm_source=%20news%20&utm_medium=&utm_term=probiotic&utm_content=a&utm_other=x")).toEqual({ utm_campaign: "spring", utm_source: "news", utm_term: "probiotic", utm_content: "a" });
  });

  it("keeps the first touch only if absent and overwrites the last touch", () => {
    const first = updateAttribution(EMPTY_ATTRIBUTION, visit("utm_source=google&utm_campaign=spring"));
    expect(first).toEqual({ firstTouch: { utm_source: "google", utm_campaign: "spring" }, lastTouch: { utm_source: "google", utm_campaign: "spring" } });
    const second = updateAttribution(first, visit("utm_source=newsletter&utm_medium=email"));
    expect(second.firstTouch).toEqual({ utm_source: "google", utm_campaign: "spring", utm_medium: "email" });
    expect(second.lastTouch).toEqual({ utm_source: "newsletter", utm_campaign: "spring", utm_medium: "email" });
  });

  it("leaves both touches alone on a visit without campaign values", () => {
    const stored = updateAttribution(EMPTY_ATTRIBUTION, visit("utm_source=google"));
    expect(updateAttribution(stored, visit("q=1"))).toEqual(stored);
  });

  it("reads stored attribution defensively", () => {
    expect(attributionFrom(null)).toEqual(EMPTY_ATTRIBUTION);
    expect(attributionFrom({ firstTouch: { utm_source: "g", evil: "x", utm_term: 3 }, lastTouch: "oops" })).toEqual({ firstTouch: { utm_source: "g" }, lastTouch: {} });
  });
});

describe("the ad network's click id", () => {
  it("is stored with the fb prefix, the domain depth and the creation time", () => {
    expect(clickIdValue("AbC123", "shop.example.com", 1_764_000_000_000)).toBe("fb.2.1764000000000.AbC123");
    expect(clickIdValue("AbC123", "example.com", 5)).toBe("fb.1.5.AbC123");
  });
});
