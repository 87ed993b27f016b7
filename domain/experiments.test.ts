import { describe, expect, it } from "vitest";
import { isLoyaltyExcluded, LOYALTY_NEW_USER, REFERRAL_BADGE, referralBadge } from "./experiments";

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
