import { describe, expect, it } from "vitest";
import { cookieFlagOverrides, DEFAULT_FLAGS, EXPERIMENT_FLAGS, experimentFlagOverrides, FLAG_NAMES, isFlagName, isMoneyFlag, MONEY_FLAGS, parseFlagOverrides, operatorFlags, pricingFlagsOf, visitorPreviewFlags, type OperatorFlags, type VisitorFlags } from "./flags";

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

describe("operatorFlags: the one operator merge (ADR 0080)", () => {
  it("with no layers gives the defaults", () => {
    expect(operatorFlags(null, {})).toEqual(DEFAULT_FLAGS);
  });

  it("applies FEATURE_FLAGS, then the console's defaults, later wins", () => {
    const flags = operatorFlags("data-redesign=true,data-ape-cart=false", { "data-redesign": false });
    expect(flags["data-redesign"]).toBe(false);
    expect(flags["data-ape-cart"]).toBe(false);
    expect(flags["data-glass-jar"]).toBe(false);
  });

  it("does not change the defaults object", () => {
    operatorFlags("data-redesign", {});
    expect(DEFAULT_FLAGS["data-redesign"]).toBe(false);
  });

  it("a visitor's flags are not operator flags, and pricing takes only operator flags (checked by the compiler)", () => {
    const visitor = visitorPreviewFlags(operatorFlags(null, {}), {}, "data-glass-jar");
    // @ts-expect-error: display flags, which may carry the visitor's cookie, cannot stand for the operator's.
    const asOperator: OperatorFlags = visitor;
    // @ts-expect-error: nor can plain flags price a cart.
    pricingFlagsOf(DEFAULT_FLAGS);
    // @ts-expect-error: and operator flags are not a visitor's (they lack the cookie layer by name).
    const asVisitor: VisitorFlags = operatorFlags(null, {});
    expect([asOperator, asVisitor]).toHaveLength(2);
  });
});

describe("money flags (ADR 0062)", () => {
  it("the second shipping fee table and the surprise discount move money; display flags do not", () => {
    expect([...MONEY_FLAGS].sort()).toEqual(["data-checkout-shipping-fees-v2", "data-discount-surprise-delight-test"]);
    expect(isMoneyFlag("data-checkout-shipping-fees-v2")).toBe(true);
    expect(isMoneyFlag("data-glass-jar")).toBe(false);
  });

  it("the preview cookie cannot set a money flag, on or off, but sets the others", () => {
    expect(cookieFlagOverrides("data-checkout-shipping-fees-v2,data-discount-surprise-delight-test=1,data-glass-jar")).toEqual({ "data-glass-jar": true });
    expect(cookieFlagOverrides("data-checkout-shipping-fees-v2=false")).toEqual({});
  });

  it("the cookie cannot turn off a money flag the operator turned on", () => {
    const flags = visitorPreviewFlags(operatorFlags("", { "data-checkout-shipping-fees-v2": true }), {}, "data-checkout-shipping-fees-v2=false");
    expect(flags["data-checkout-shipping-fees-v2"]).toBe(true);
  });

  it("pricingFlagsOf keeps exactly the money flags", () => {
    expect(pricingFlagsOf(operatorFlags("data-discount-surprise-delight-test,data-glass-jar", {}))).toEqual({
      "data-checkout-shipping-fees-v2": false,
      "data-discount-surprise-delight-test": true,
    });
  });
});

describe("experiment variants set flags for their members", () => {
  it("each variant of the table names real flags, and no control sets any", () => {
    for (const variants of Object.values(EXPERIMENT_FLAGS)) {
      expect(Object.keys(variants)).not.toContain("control");
      for (const overrides of Object.values(variants)) for (const name of Object.keys(overrides)) expect(isFlagName(name)).toBe(true);
    }
  });

  it("a member's served variants become overrides; the control, unknown variants and unknown experiments none", () => {
    expect(experimentFlagOverrides({ cart_redesign: "variant_2", checkout_shipping_fees: "fees_v2" })).toEqual({
      "data-cart-redesign-variant-2": true,
      "data-checkout-shipping-fees-v2": true,
    });
    expect(experimentFlagOverrides({ cart_redesign: "control", checkout_shipping_fees: "toString", referral_badge_2: "new_badge" })).toEqual({});
  });

  it("layers resolve defaults, environment, operator, experiment, then cookie", () => {
    const operator = operatorFlags("data-glass-jar,data-redesign", { "data-glass-jar": false, "data-cart-redesign-variant-1": true });
    const flags = visitorPreviewFlags(operator, { cart_redesign: "variant_2" }, "data-cart-redesign-variant-1=false");
    expect(flags).toMatchObject({ "data-redesign": true, "data-glass-jar": false, "data-cart-redesign-variant-1": false, "data-cart-redesign-variant-2": true, "data-ape-cart": true });
  });

  it("an experiment may set a money flag (the server reads the member's variant when it prices)", () => {
    expect(pricingFlagsOf(operatorFlags(null, {}), { checkout_shipping_fees: "fees_v2" })["data-checkout-shipping-fees-v2"]).toBe(true);
  });
});
