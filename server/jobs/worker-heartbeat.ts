import type PgBoss from "pg-boss";
import { WORKER_HEARTBEAT } from "../modules/operations";
import type { Shop } from "../shop";
import { scheduleLeased } from "./job-lease";
import type { QueueTimes } from "./queue-times";

export { WORKER_HEARTBEAT };

/** Every minute, UTC: pg-boss's finest cron. */
export const WORKER_HEARTBEAT_CRON = "* * * * *";

/** A missed beat is not worth a retry: the next one is a minute away. */
const HEARTBEAT_QUEUE: QueueTimes = { expireInSeconds: 60, retryLimit: 0 };

/**
 * The worker heartbeat (ADR 0078): a job that does nothing, scheduled every minute. Only a process running jobs creates
 * and completes it, and pg-boss writes its completion time to the database, so every process's metrics read when a
 * worker last did work (shop_worker_heartbeat_timestamp_seconds). Nothing lives in a process's memory: after a kill -9
 * of the last worker the time simply stops moving, and web processes show it.
 */
export function scheduleWorkerHeartbeat(boss: PgBoss, shop: Shop): Promise<string> {
  return scheduleLeased(boss, shop, WORKER_HEARTBEAT, WORKER_HEARTBEAT_CRON, HEARTBEAT_QUEUE, async () => {});
}
