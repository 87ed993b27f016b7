import { describe, expect, it } from "vitest";
import { assignVariant, differenceInterval, experimentNamed, experimentResults, isLoyaltyExcluded, LOYALTY_NEW_USER, REFERRAL_BADGE, referralBadge, servedExperiments, wilsonInterval } from "./experiments";

describe("experiments", () => {
  it("uses the experiment names of SPEC.md section 3", () => {
    expect(LOYALTY_NEW_USER).toBe("loyalty_new_user");
    expect(REFERRAL_BADGE).toBe("referral_badge_2");
  });

  it("loyalty_new_user = exclude excludes, any other variant or none does not", () => {
    expect(isLoyaltyExcluded({ loyalty_new_user: "exclude" })).toBe(true);
    expect(isLoyaltyExcluded({ loyalty_new_user: "control" })).toBe(false);
    expect(isLoyaltyExcluded({ loyalty_new_user: "EXCLUDE" })).toBe(false);
    expect(isLoyaltyExcluded({ other: "exclude" })).toBe(false);
    expect(isLoyaltyExcluded({})).toBe(false);
  });

  it("the badge is New only in the referral_badge_2 new_badge variant, otherwise $25", () => {
    expect(referralBadge({ referral_badge_2: "new_badge" })).toBe("New");
    expect(referralBadge({ referral_badge_2: "control" })).toBe("$25");
    expect(referralBadge({ referral_badge: "new_badge" })).toBe("$25");
    expect(referralBadge({})).toBe("$25");
  });
});

describe("deterministic assignment", () => {
  const half = { name: "split_test", control: "control", variants: [{ name: "control", weight: 50 }, { name: "treatment", weight: 50 }], traffic: 1 };

  it("gives the same id the same variant every time", () => {
    for (const id of ["u-1", "u-2", "visitor-abc"]) expect(assignVariant(half, id)).toBe(assignVariant(half, id));
  });

  it("splits 100,000 ids 50/50 within 1%", () => {
    let treatment = 0;
    for (let i = 0; i < 100_000; i++) if (assignVariant(half, `user-${i}`) === "treatment") treatment++;
    expect(Math.abs(treatment / 100_000 - 0.5)).toBeLessThan(0.01);
  });

  it("keeps only the traffic share in the experiment, and the rest unassigned", () => {
    const tenth = { ...half, traffic: 0.1 };
    let inside = 0;
    for (let i = 0; i < 100_000; i++) if (assignVariant(tenth, `user-${i}`) !== null) inside++;
    expect(Math.abs(inside / 100_000 - 0.1)).toBeLessThan(0.01);
  });

  it("assigns independently per experiment (the name is hashed with the id)", () => {
    const other = { ...half, name: "another_test" };
    let same = 0;
    for (let i = 0; i < 10_000; i++) if (assignVariant(half, `u${i}`) === assignVariant(other, `u${i}`)) same++;
    expect(Math.abs(same / 10_000 - 0.5)).toBeLessThan(0.03);
  });

  it("defines the experiments of SPEC.md section 3 with their variants", () => {
    expect(experimentNamed(LOYALTY_NEW_USER)?.variants.map((v) => v.name)).toContain("exclude");
    expect(experimentNamed(REFERRAL_BADGE)?.variants.map((v) => v.name)).toContain("new_badge");
  });
});

describe("confidence intervals", () => {
  it("Wilson interval matches a textbook value", () => {
    const { low, high } = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it("reports each variant's rate and its lift over the control", () => {
    const [control, treatment] = experimentResults("control", [
      { variant: "control", exposures: 1000, conversions: 100 },
      { variant: "new_badge", exposures: 1000, conversions: 150 },
    ]);
    expect(control!.lift).toBeNull();
    expect(treatment!.rate).toBe(0.15);
    expect(treatment!.lift!.difference).toBeCloseTo(0.05, 10);
    expect(treatment!.lift!.interval.low).toBeGreaterThan(0);
    expect(differenceInterval({ variant: "a", exposures: 0, conversions: 0 }, { variant: "b", exposures: 1, conversions: 0 })).toBeNull();
  });
});

describe("servedExperiments (ADR 0042)", () => {
  it("leaves stopped experiments out, so their readers fall back to the control", () => {
    const stored = { referral_badge_2: "new_badge", loyalty_new_user: "exclude" };
    expect(servedExperiments(stored, new Set())).toEqual(stored);
    const served = servedExperiments(stored, new Set(["referral_badge_2"]));
    expect(served).toEqual({ loyalty_new_user: "exclude" });
    expect(referralBadge(served)).toBe("$25");
    expect(isLoyaltyExcluded(servedExperiments(stored, new Set(["loyalty_new_user"])))).toBe(false);
  });
});
