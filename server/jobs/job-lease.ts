import type PgBoss from "pg-boss";
import { whileRenewing } from "../lib/keep-alive";
import { renewJobLease } from "../modules/job-leases";
import type { Shop } from "../shop";
import { ensureQueue, type QueueTimes } from "./queue-times";

export { JOB_SCHEMA } from "../modules/job-leases";

/** How often a running job's worker renews its lease. */
export const JOB_RENEW_MS = 5_000;

/** How often an idle worker asks for jobs: a retried job waits at most this. PGlite is one process: poll gently. */
export function jobPollSeconds(shop: Shop): number {
  return shop.database.kind === "pglite" ? 30 : 5;
}

/*
 * pg-boss 10 has no heartbeat: maintenance fails an active job once `started_on + expire_in` has passed, and the
 * worker gives up on a handler after `expire_in`. So the queue's expiry stays the longest a job may run, and while the
 * handler runs its lease is renewed (renewJobLease). A worker killed mid-job stops renewing: the job is failed within
 * the lease plus one maintenance interval, and retried (ADR 0051).
 */

type Handler<T> = (jobs: PgBoss.JobWithMetadata<T>[]) => Promise<void>;

/** boss.work with the job's lease renewed while the handler runs, up to the queue's expiry (a hung handler lets go). */
export function workLeased<T extends object>(boss: PgBoss, shop: Shop, name: string, handler: Handler<T>, options: PgBoss.WorkOptions = {}): Promise<string> {
  return boss.work<T>(name, { pollingIntervalSeconds: jobPollSeconds(shop), ...options, includeMetadata: true }, async (jobs) => {
    const started = performance.now();
    const longest = Math.min(...jobs.map((job) => job.expireInSeconds)) * 1000;
    const renew = async () => {
      if (performance.now() - started > longest) return;
      await Promise.all(jobs.map((job) => renewJobLease(shop, name, job.id)));
    };
    await renew();
    await whileRenewing(renew, JOB_RENEW_MS, () => handler(jobs));
  });
}

/** A queue worked on a schedule (UTC cron): its expiry and retries, the schedule, and a leased worker. */
export async function scheduleLeased(boss: PgBoss, shop: Shop, name: string, cron: string, times: QueueTimes, run: () => Promise<unknown>): Promise<string> {
  await ensureQueue(boss, name, times);
  await boss.schedule(name, cron, {}, { tz: "UTC" });
  return workLeased(boss, shop, name, async () => {
    await run();
  });
}
