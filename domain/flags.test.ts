import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS, FLAG_NAMES, isFlagName, parseFlagOverrides, resolveFlags } from "./flags";

describe("feature flags", () => {
  it("lists every flag of SPEC.md section 3", () => {
    expect([...FLAG_NAMES].sort()).toEqual(
      [
        "data-redesign",
        "data-ape-cart",
        "data-ape-checkout",
        "data-auto-proceed-cc-fields",
        "data-quiz-email-optional",
        "data-multiselect-experiment-checkout",
        "data-checkout-shipping-fees-v2",
        "data-discount-surprise-delight-test",
        "data-is-quiz-lp-control",
        "data-is-apple-pay-variant-2",
        "data-glass-jar",
        "data-display-international-currency",
        "data-cart-redesign-variant-1",
        "data-cart-redesign-variant-2",
      ].sort(),
    );
  });

  it("only data-ape-cart defaults to true", () => {
    const on = Object.entries(DEFAULT_FLAGS).filter(([, v]) => v).map(([k]) => k);
    expect(on).toEqual(["data-ape-cart"]);
    expect(Object.keys(DEFAULT_FLAGS)).toHaveLength(FLAG_NAMES.length);
  });

  it("isFlagName knows flags and nothing else", () => {
    expect(isFlagName("data-redesign")).toBe(true);
    expect(isFlagName("data-nope")).toBe(false);
    expect(isFlagName("")).toBe(false);
    expect(isFlagName("toString")).toBe(false);
  });
});

describe("parseFlagOverrides", () => {
  it("reads name=value pairs", () => {
    expect(parseFlagOverrides("data-redesign=true,data-ape-cart=false")).toEqual({ "data-redesign": true, "data-ape-cart": false });
  });

  it("a bare name means true", () => {
    expect(parseFlagOverrides("data-glass-jar")).toEqual({ "data-glass-jar": true });
  });

  it("accepts 1 and 0, any case and surrounding spaces", () => {
    expect(parseFlagOverrides(" DATA-REDESIGN = 1 , data-ape-cart=0 ,data-glass-jar=TRUE")).toEqual({
      "data-redesign": true,
      "data-ape-cart": false,
      "data-glass-jar": true,
    });
  });

  it.each([null, undefined, "", ",,,", "=", "=true", "nonsense", "data-nope=true", "data-redesign=maybe", "data-redesign=", "🙂=true", "__proto__=true", "constructor"])(
    "ignores junk %j",
    (junk) => {
      expect(parseFlagOverrides(junk)).toEqual({});
    },
  );

  it("keeps good entries next to junk ones", () => {
    expect(parseFlagOverrides("junk,data-redesign=yes,data-ape-checkout=true,x=y=z")).toEqual({ "data-ape-checkout": true });
  });

  it("the last mention of a flag wins", () => {
    expect(parseFlagOverrides("data-redesign=true,data-redesign=false")).toEqual({ "data-redesign": false });
  });
});

describe("resolveFlags", () => {
  it("with no layers gives the defaults", () => {
    expect(resolveFlags()).toEqual(DEFAULT_FLAGS);
  });

  it("applies layers in order, later layers win", () => {
    const flags = resolveFlags({ "data-redesign": true, "data-ape-cart": false }, { "data-redesign": false });
    expect(flags["data-redesign"]).toBe(false);
    expect(flags["data-ape-cart"]).toBe(false);
    expect(flags["data-glass-jar"]).toBe(false);
  });

  it("does not change the defaults object", () => {
    resolveFlags({ "data-redesign": true });
    expect(DEFAULT_FLAGS["data-redesign"]).toBe(false);
  });
});
