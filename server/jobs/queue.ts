import PgBoss from "pg-boss";
import type { Shop } from "../shop";
import { FORWARD_EVENTS, registerForwardAnalytics } from "./forward-analytics";
import { PRUNE_EXPIRED, PRUNE_EXPIRED_CRON, pruneExpired } from "./prune-expired";
import { registerSendEmail, SEND_EMAIL } from "./send-email";
import { registerRenewalJobs } from "./renewals";
import { registerReferralJobs } from "./referrals";
import { SETTLE_PAYMENTS, SETTLE_PAYMENTS_CRON, settlePayments } from "./settle-payments";

export interface JobQueue {
  boss: PgBoss;
  /** The worker id per queue, so a caller (a test, an admin action) can wake a worker with boss.notifyWorker. */
  workers: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the shop's own connection (PGlite has only one), registers every queue,
 * schedule and worker. Web processes run this inline by default; `worker` mode runs only this.
 */
export async function startJobs(shop: Shop): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => shop.database.executeSql(text, values) },
    schema: "pgboss",
    // PGlite runs queries one at a time: poll gently so jobs never crowd out web requests.
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", (error: Error) => shop.log.error({ err: error }, "job queue error"));
  await boss.start();

  await boss.createQueue(PRUNE_EXPIRED);
  await boss.schedule(PRUNE_EXPIRED, PRUNE_EXPIRED_CRON, {}, { tz: "UTC" });
  const workers: Record<string, string> = {};
  workers[PRUNE_EXPIRED] = await boss.work(PRUNE_EXPIRED, { pollingIntervalSeconds: 30 }, async () => {
    await pruneExpired(shop);
  });
  workers[SEND_EMAIL] = await registerSendEmail(boss, shop);
  const forwarder = await registerForwardAnalytics(boss, shop);
  if (forwarder) workers[FORWARD_EVENTS] = forwarder;
  await boss.createQueue(SETTLE_PAYMENTS);
  await boss.schedule(SETTLE_PAYMENTS, SETTLE_PAYMENTS_CRON, {}, { tz: "UTC" });
  workers[SETTLE_PAYMENTS] = await boss.work(SETTLE_PAYMENTS, { pollingIntervalSeconds: 30 }, async () => {
    await settlePayments(shop);
  });
  Object.assign(workers, await registerRenewalJobs(boss, shop));
  Object.assign(workers, await registerReferralJobs(boss, shop));

  return {
    boss,
    workers,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
