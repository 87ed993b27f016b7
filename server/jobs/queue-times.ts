import type PgBoss from "pg-boss";

/** How long a job may run before pg-boss takes it for dead and, within retryLimit, runs it again (ADR 0051). */
export interface QueueTimes {
  expireInSeconds: number;
  retryLimit: number;
  retryDelay?: number;
}
/** Jobs swept every minute or five: a dead one is simply replaced by the next sweep. */
export const SWEEP_QUEUE: QueueTimes = { expireInSeconds: 120, retryLimit: 0 };
/** Hourly and nightly jobs: a dead one is tried again soon after it expires instead of waiting for the next run. */
export const PERIODIC_QUEUE: QueueTimes = { expireInSeconds: 600, retryLimit: 3, retryDelay: 15 };

/** Creates a queue, or brings an existing one's expiry and retries to these (createQueue leaves an existing queue as it is). */
export async function ensureQueue(boss: PgBoss, name: string, times: QueueTimes): Promise<void> {
  const options = { name, ...times };
  if (await boss.getQueue(name)) await boss.updateQueue(name, options as PgBoss.Queue);
  else await boss.createQueue(name, options as PgBoss.Queue);
}
