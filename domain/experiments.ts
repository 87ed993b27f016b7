/** Experiments of SPEC.md section 3, by name, with the variants the shell reacts to. */
export type Experiments = Readonly<Record<string, string>>;

export const LOYALTY_NEW_USER = "loyalty_new_user";
export const REFERRAL_BADGE = "referral_badge_2";

/** loyalty_new_user = exclude hides the Refer entries and the mobile Earn link. */
export function isLoyaltyExcluded(experiments: Experiments): boolean {
  return experiments[LOYALTY_NEW_USER] === "exclude";
}

/** The Earn/Refer badge: "New" in the referral_badge_2 new_badge variant, otherwise the $25 reward. */
export function referralBadge(experiments: Experiments): "$25" | "New" {
  return experiments[REFERRAL_BADGE] === "new_badge" ? "New" : "$25";
}
