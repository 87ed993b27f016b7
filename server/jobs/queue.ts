import PgBoss from "pg-boss";
import type { Shop } from "../shop";
import { JOB_SCHEMA, scheduleLeased } from "./job-lease";
import { PERIODIC_QUEUE, SWEEP_QUEUE } from "./queue-times";
import { FORWARD_EVENTS, registerForwardAnalytics } from "./forward-analytics";
import { PRUNE_EXPIRED, PRUNE_EXPIRED_CRON, pruneExpired } from "./prune-expired";
import type { EmailSender } from "../modules/email";
import { registerEmailSender } from "./send-email";
import { registerRenewalJobs } from "./renewals";
import { registerReferralJobs } from "./referrals";
import { SETTLE_PAYMENTS, SETTLE_PAYMENTS_CRON, settlePayments } from "./settle-payments";
import { REVIEW_REQUESTS, REVIEW_REQUESTS_CRON, reviewRequestsJob } from "./review-requests";
import { scheduleWorkerHeartbeat, WORKER_HEARTBEAT } from "./worker-heartbeat";
import { CONTENT_SCHEDULES, CONTENT_SCHEDULES_CRON, contentSchedulesJob } from "./content-schedules";

export interface JobQueue {
  boss: PgBoss;
  /** The worker id per queue, so a caller (a test, an admin action) can wake a worker with boss.notifyWorker. */
  workers: Record<string, string>;
  /** The outbox's sender loops of this process (not a pg-boss queue: ADR 0051). */
  email: EmailSender;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the shop's own connection (PGlite has only one), registers every queue,
 * schedule and worker. Web processes run this inline by default; `worker` mode runs only this.
 */
export async function startJobs(shop: Shop): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => shop.database.executeSql(text, values) },
    schema: JOB_SCHEMA,
    // PGlite runs queries one at a time: poll gently so jobs never crowd out web requests.
    monitorStateIntervalSeconds: 60,
    // Maintenance is what fails an expired job (a worker died holding it) so it can be retried; one process of the
    // deployment does it per interval. On PostgreSQL often enough that a dead job comes back within a minute of expiring.
    maintenanceIntervalSeconds: shop.database.kind === "pglite" ? 120 : 15,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", (error: Error) => shop.log.error({ err: error }, "job queue error"));
  await boss.start();

  const workers: Record<string, string> = {};
  workers[PRUNE_EXPIRED] = await scheduleLeased(boss, shop, PRUNE_EXPIRED, PRUNE_EXPIRED_CRON, PERIODIC_QUEUE, () => pruneExpired(shop));
  const email = await registerEmailSender(boss, shop);
  const forwarder = await registerForwardAnalytics(boss, shop);
  if (forwarder) workers[FORWARD_EVENTS] = forwarder;
  workers[SETTLE_PAYMENTS] = await scheduleLeased(boss, shop, SETTLE_PAYMENTS, SETTLE_PAYMENTS_CRON, SWEEP_QUEUE, () => settlePayments(shop));
  Object.assign(workers, await registerRenewalJobs(boss, shop));
  Object.assign(workers, await registerReferralJobs(boss, shop));
  workers[REVIEW_REQUESTS] = await scheduleLeased(boss, shop, REVIEW_REQUESTS, REVIEW_REQUESTS_CRON, PERIODIC_QUEUE, () => reviewRequestsJob(shop));
  workers[WORKER_HEARTBEAT] = await scheduleWorkerHeartbeat(boss, shop);
  workers[CONTENT_SCHEDULES] = await scheduleLeased(boss, shop, CONTENT_SCHEDULES, CONTENT_SCHEDULES_CRON, SWEEP_QUEUE, () => contentSchedulesJob(shop));

  return {
    boss,
    workers,
    email,
    async stop() {
      await email.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
