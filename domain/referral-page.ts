import type { ReferralStanding, ReferralStatus } from "./referrals";

/** What /account/refer and the #refer section of /account/home show (ADR 0036). */
export interface ReferPageView {
  standing: ReferralStanding;
  /** The member's link and code (open members only). */
  link: string | null;
  code: string | null;
  reward: { amount: number; currency: string };
  summary: { invited: number; pending: number; earned: number; earnedAmount: number };
  recent: { date: string; status: ReferralStatus }[];
  credit: { amount: number; currency: string }[];
  points: number;
  /** A one-time key for the points form (a double submit redeems once). */
  redeemKey: string;
  /** The currency redeemed points become credit in. */
  currency: string;
  /** Whether the member's link names them (first name) to the friend (ADR 0063); off until they turn it on. */
  showsName: boolean;
}

export const TRAFFIC_SOURCE_PATTERN = /^[a-z0-9_-]{1,40}$/;
export function trafficSourceOf(value: string | null): string | null {
  return value && TRAFFIC_SOURCE_PATTERN.test(value) ? value : null;
}
