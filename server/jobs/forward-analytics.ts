import type PgBoss from "pg-boss";
import { ensureQueue } from "./queue-times";
import { destinationOf, FORWARD_EVENTS, forwardEvents, type ForwardJob } from "../modules/analytics";
import type { Shop } from "../shop";

export { FORWARD_EVENTS };

/** The forward-analytics queue: each job sends one stored batch to the destination; pg-boss retries it with backoff. */
export async function registerForwardAnalytics(boss: PgBoss, shop: Shop): Promise<string | null> {
  // One batch per job, sent in seconds: a job whose worker died is retried a minute later (with the batch's own retries).
  await ensureQueue(boss, FORWARD_EVENTS, { expireInSeconds: 60, retryLimit: 5, retryDelay: 30 });
  // Without a destination the data stays ours and no worker polls.
  if (!destinationOf(shop)) return null;
  const pollingIntervalSeconds = 2;
  return boss.work<ForwardJob>(FORWARD_EVENTS, { pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
    for (const job of jobs) await forwardEvents(shop, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
  });
}
