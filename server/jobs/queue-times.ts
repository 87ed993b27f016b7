import type PgBoss from "pg-boss";

/**
 * The longest a job may run before pg-boss gives up on it and, within retryLimit, runs it again. A job whose worker
 * died is noticed much sooner, by its lease (job-lease.ts, ADR 0051).
 */
export interface QueueTimes {
  expireInSeconds: number;
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}
/** Jobs swept every minute or five: a dead one is run again once, 5 s later (the settle sweep is five minutes apart). */
export const SWEEP_QUEUE: QueueTimes = { expireInSeconds: 120, retryLimit: 1, retryDelay: 5 };
/** Hourly and nightly jobs: a dead one is tried again 5 s later instead of waiting for the next run. */
export const PERIODIC_QUEUE: QueueTimes = { expireInSeconds: 600, retryLimit: 3, retryDelay: 5 };

/** Creates a queue, or brings an existing one's expiry and retries to these (createQueue leaves an existing queue as it is). */
export async function ensureQueue(boss: PgBoss, name: string, times: QueueTimes): Promise<void> {
  const options = { name, ...times };
  if (await boss.getQueue(name)) await boss.updateQueue(name, options as PgBoss.Queue);
  else await boss.createQueue(name, options as PgBoss.Queue);
}
