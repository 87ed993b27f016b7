import type PgBoss from "pg-boss";
import { scheduleLeased } from "./job-lease";
import { PERIODIC_QUEUE } from "./queue-times";
import { loyaltyUpkeep } from "../workflows/loyalty-upkeep";
import { settleReferrals } from "../workflows/reward-referrals";
import type { Shop } from "../shop";

/** Referral rewards whose refund window closed, every hour; points expiry, expiry emails and released credit, nightly. */
export const SETTLE_REFERRALS = "settle-referrals";
export const SETTLE_REFERRALS_CRON = "17 * * * *";
export const LOYALTY_UPKEEP = "loyalty-upkeep";
export const LOYALTY_UPKEEP_CRON = "40 3 * * *";

export async function registerReferralJobs(boss: PgBoss, shop: Shop): Promise<Record<string, string>> {
  return {
    [SETTLE_REFERRALS]: await scheduleLeased(boss, shop, SETTLE_REFERRALS, SETTLE_REFERRALS_CRON, PERIODIC_QUEUE, () => settleReferrals(shop)),
    [LOYALTY_UPKEEP]: await scheduleLeased(boss, shop, LOYALTY_UPKEEP, LOYALTY_UPKEEP_CRON, PERIODIC_QUEUE, () => loyaltyUpkeep(shop)),
  };
}
