import type PgBoss from "pg-boss";
import { whileRenewing } from "../lib/keep-alive";
import type { Shop } from "../shop";
import { ensureQueue, type QueueTimes } from "./queue-times";

/** pg-boss's schema (startJobs). */
export const JOB_SCHEMA = "pgboss";
/** A running job is taken for dead this long after its worker last said it was alive (ADR 0051). */
export const JOB_LEASE_SECONDS = 20;
/** How often a worker says so while a job runs. */
export const JOB_RENEW_MS = 5_000;

/** How often an idle worker asks for jobs: a retried job waits at most this. PGlite is one process: poll gently. */
export function jobPollSeconds(shop: Shop): number {
  return shop.database.kind === "pglite" ? 30 : 5;
}

/**
 * pg-boss 10 has no heartbeat: maintenance fails an active job once `started_on + expire_in` has passed, and the
 * worker gives up on a handler after `expire_in`. So the queue's expiry stays the longest a job may run, and while the
 * handler runs its `started_on` is moved so that the deadline is JOB_LEASE_SECONDS away. A worker killed mid-job stops
 * moving it: the job is failed within the lease plus one maintenance interval, and retried. The database's now() is
 * pg-boss's own clock here, not a business time (the clock rule allows this file).
 */
export async function renewJobLease(shop: Shop, name: string, id: string): Promise<void> {
  await shop.database.executeSql(
    `UPDATE ${JOB_SCHEMA}.job SET started_on = now() + make_interval(secs => $3) - expire_in WHERE name = $1 AND id = $2 AND state = 'active'`,
    [name, id, JOB_LEASE_SECONDS],
  );
}

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
