import { sendDueReviewRequests } from "../modules/reviews";
import type { Shop } from "../shop";

/** Review requests that came due (ADR 0068): every quarter of an hour, off the hour's busy minutes. */
export const REVIEW_REQUESTS = "review-requests";
export const REVIEW_REQUESTS_CRON = "7,22,37,52 * * * *";

export async function reviewRequestsJob(shop: Shop): Promise<void> {
  const outcome = await sendDueReviewRequests(shop);
  if (outcome.claimed > 0) shop.log.info({ job: REVIEW_REQUESTS, ...outcome }, "sent review requests");
}
