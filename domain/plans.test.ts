import { describe, expect, it } from "vitest";
import { billingLabel, isSpecialPlanPath, isSupportedPlan, PLAN_CODES, PLAN_GROUPS, renewalPlanOf, SAVINGS_MESSAGES, SUPPORTED_PLANS } from "./plans";

describe("plans (SPEC.md section 3)", () => {
  it("has the fourteen plan codes", () => {
    expect([...PLAN_CODES].sort()).toEqual(
      ["syn-wk", "syn-rf", "syn-rf-3mo", "syn-rf-6mo", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-gift-2020", "pds-wk", "pds-rf", "vs-wk", "vs-rf", "vs-rf-3mo", "vs-rst", "syn-gr"].sort(),
    );
  });
  it.each([
    ["syn-wk", "syn-rf"],
    ["syn-wk-3mo", "syn-rf-3mo"],
    ["syn-wk-6mo", "syn-rf-6mo"],
    ["vs-wk", "vs-rf"],
    ["pds-wk", "pds-rf"],
  ] as const)("a %s starter kit renews as %s", (from, to) => expect(renewalPlanOf({ code: from, isSrp: true })).toBe(to));
  it("a refill renews as itself", () => expect(renewalPlanOf({ code: "syn-rf-3mo", isSrp: true })).toBe("syn-rf-3mo"));
  it("a one-time plan does not renew", () => expect(renewalPlanOf({ code: "syn-gr", isSrp: false })).toBeNull());
});

describe("plan groups (sections 5 and 9)", () => {
  it("landing-page groups", () => {
    expect(PLAN_GROUPS.daily).toEqual(["syn-wk", "syn-wk-3mo", "syn-wk-6mo"]);
    expect(PLAN_GROUPS.vaginal).toEqual(["vs-wk", "vs-rf-3mo", "vs-rf"]);
    expect(PLAN_GROUPS.pediatric).toEqual(["pds-wk"]);
    expect(PLAN_GROUPS.partner).toEqual(["syn-wk", "syn-rf", "vs-wk", "pds-wk", "pds-rf"]);
  });
  it("the supported group", () => {
    expect(SUPPORTED_PLANS).toEqual(["syn-wk", "syn-rf", "syn-rf-3mo", "syn-rf-6mo", "vs-wk", "vs-rf", "vs-rf-3mo"]);
    expect(isSupportedPlan("vs-rf-3mo")).toBe(true);
    expect(isSupportedPlan("pds-wk")).toBe(false);
  });
});

describe("plan texts", () => {
  it("savings messages", () => {
    expect(SAVINGS_MESSAGES[3]).toBe("Save 10% forever");
    expect(SAVINGS_MESSAGES[6]).toBe("Save 15% forever");
    expect(SAVINGS_MESSAGES[1]).toBeUndefined();
  });
  it("billing labels", () => {
    expect(billingLabel(1)).toBe("Billed monthly");
    expect(billingLabel(3)).toBe("Billed every 3 months");
    expect(billingLabel(null)).toBe("One-time purchase");
  });
  it("special plan paths: invoice, reactivate, srp", () => {
    expect(isSpecialPlanPath("/account/invoice/12")).toBe(true);
    expect(isSpecialPlanPath("/reactivate")).toBe(true);
    expect(isSpecialPlanPath("/srp-offer")).toBe(true);
    expect(isSpecialPlanPath("/daily-synbiotic")).toBe(false);
  });
});

describe("starter kits (ADR 0018)", () => {
  it("the first renewal comes one billing period after the first order (the vaginal starter lasts 30 days, SPEC.md section 9)", async () => {
    const { firstRenewalMonths } = await import("./plans");
    expect(firstRenewalMonths("vs-wk", 1)).toBe(1);
    expect(firstRenewalMonths("syn-wk-3mo", 3)).toBe(3);
  });
  it("a starter's billing words say a refill follows; other plans keep theirs", async () => {
    const { planBillingLabel } = await import("./plans");
    expect(planBillingLabel("vs-wk", 1)).toBe("Starter kit, then billed monthly");
    expect(planBillingLabel("syn-rf", 1)).toBe("Billed monthly");
    expect(planBillingLabel(null, null)).toBe("One-time purchase");
  });
});
