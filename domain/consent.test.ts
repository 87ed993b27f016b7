import { describe, expect, it } from "vitest";
import { ALL_ACCEPTED, consentFrom, gateEvent, NECESSARY_ONLY, withGpc } from "./consent";

const added = { name: "Product Added", properties: { cart_id: "c1", product_id: "syn-wk", hashedEmail: "a".repeat(64), hashedPhone: "b".repeat(64) } };

describe("consentFrom", () => {
  it("is strictly necessary only when nothing, garbage or a list is given", () => {
    for (const value of [null, undefined, "yes", [], 5]) expect(consentFrom(value)).toEqual(NECESSARY_ONLY);
  });
  it("keeps boolean choices, ignores others, and never turns C0001 off", () => {
    expect(consentFrom({ C0001: false, C0002: true, C0003: "true", C0004: true })).toEqual({ C0001: true, C0002: true, C0003: false, C0004: true, C0005: false });
  });
});

describe("withGpc", () => {
  it("turns targeting and social media off when the signal is on", () => {
    expect(withGpc(ALL_ACCEPTED, true)).toEqual({ C0001: true, C0002: true, C0003: true, C0004: false, C0005: false });
  });
  it("changes nothing when the signal is off", () => {
    expect(withGpc(ALL_ACCEPTED, false)).toEqual(ALL_ACCEPTED);
  });
});

describe("gateEvent", () => {
  it("drops every catalogue event without performance consent", () => {
    expect(gateEvent(added, NECESSARY_ONLY)).toBeNull();
    expect(gateEvent({ name: "Site Down", properties: { path: "/" } }, { ...ALL_ACCEPTED, C0002: false })).toBeNull();
  });
  it("drops names outside the catalogue whatever the consent", () => {
    expect(gateEvent({ name: "Made Up", properties: {} }, ALL_ACCEPTED)).toBeNull();
  });
  it("keeps the advertising-match hashes only with targeting consent", () => {
    expect(gateEvent(added, ALL_ACCEPTED)).toEqual(added);
    expect(gateEvent(added, { ...ALL_ACCEPTED, C0004: false })?.properties).toEqual({ cart_id: "c1", product_id: "syn-wk" });
    expect(gateEvent(added, withGpc(ALL_ACCEPTED, true))?.properties).not.toHaveProperty("hashedEmail");
  });
  it("does not change the event it was given", () => {
    gateEvent(added, NECESSARY_ONLY);
    gateEvent(added, { ...ALL_ACCEPTED, C0004: false });
    expect(added.properties).toHaveProperty("hashedEmail");
  });
});
