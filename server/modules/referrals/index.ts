/** Referrals: each member's code and devices, and the friends' orders attributed to them (ADR 0036). */
export * from "./referrals";
