import type PgBoss from "pg-boss";
import { workLeased } from "./job-lease";
import { ensureQueue } from "./queue-times";
import { destinationOf, FORWARD_EVENTS, forwardEvents, type ForwardJob } from "../modules/analytics";
import type { Shop } from "../shop";

export { FORWARD_EVENTS };

/** The forward-analytics queue: each job sends one stored batch to the destination; pg-boss retries it with backoff. */
export async function registerForwardAnalytics(boss: PgBoss, shop: Shop): Promise<string | null> {
  // One batch per job, sent in seconds (a minute at most); a job whose worker died comes back after its lease (ADR 0051).
  // A destination that fails is tried again after 10, 20, 40... seconds, with the batch's own retries.
  await ensureQueue(boss, FORWARD_EVENTS, { expireInSeconds: 60, retryLimit: 5, retryDelay: 10, retryBackoff: true });
  // Without a destination the data stays ours and no worker polls.
  if (!destinationOf(shop)) return null;
  return workLeased<ForwardJob>(
    boss,
    shop,
    FORWARD_EVENTS,
    async (jobs) => {
      for (const job of jobs) await forwardEvents(shop, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
    },
    { pollingIntervalSeconds: 2 },
  );
}
