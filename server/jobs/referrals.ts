import type PgBoss from "pg-boss";
import { ensureQueue, PERIODIC_QUEUE } from "./queue-times";
import { loyaltyUpkeep } from "../workflows/loyalty-upkeep";
import { settleReferrals } from "../workflows/reward-referrals";
import type { Shop } from "../shop";

/** Referral rewards whose refund window closed, every hour; points expiry, expiry emails and released credit, nightly. */
export const SETTLE_REFERRALS = "settle-referrals";
export const SETTLE_REFERRALS_CRON = "17 * * * *";
export const LOYALTY_UPKEEP = "loyalty-upkeep";
export const LOYALTY_UPKEEP_CRON = "40 3 * * *";

export async function registerReferralJobs(boss: PgBoss, shop: Shop): Promise<Record<string, string>> {
  await ensureQueue(boss, SETTLE_REFERRALS, PERIODIC_QUEUE);
  await boss.schedule(SETTLE_REFERRALS, SETTLE_REFERRALS_CRON, {}, { tz: "UTC" });
  await ensureQueue(boss, LOYALTY_UPKEEP, PERIODIC_QUEUE);
  await boss.schedule(LOYALTY_UPKEEP, LOYALTY_UPKEEP_CRON, {}, { tz: "UTC" });
  return {
    [SETTLE_REFERRALS]: await boss.work(SETTLE_REFERRALS, { pollingIntervalSeconds: 30 }, async () => {
      await settleReferrals(shop);
    }),
    [LOYALTY_UPKEEP]: await boss.work(LOYALTY_UPKEEP, { pollingIntervalSeconds: 30 }, async () => {
      await loyaltyUpkeep(shop);
    }),
  };
}
