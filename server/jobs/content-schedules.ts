import type { Shop } from "../shop";
import { publishDueSchedules } from "../workflows/console/content-schedule";

/**
 * Scheduled content publishes (docs/decisions/0072-block-editor-and-scheduled-publish.md): every minute, so a page
 * set for 09:00 is live by 09:01. Each schedule is claimed by a conditional update, so a run on two workers (or a
 * retried run) publishes it once.
 */
export const CONTENT_SCHEDULES = "content-schedules";
export const CONTENT_SCHEDULES_CRON = "* * * * *";

export async function contentSchedulesJob(shop: Shop): Promise<void> {
  const outcome = await publishDueSchedules(shop);
  if (outcome.published + outcome.refused > 0) shop.log.info({ job: CONTENT_SCHEDULES, ...outcome }, "scheduled content publishes");
}
