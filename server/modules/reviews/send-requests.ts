import { sql } from "drizzle-orm";
import { enqueueEmail, sendQueuedEmailsSoon } from "../email";
import { orderSummary } from "../orders";
import { dbOf, type Shop } from "../../shop";
import { renderReviewRequest, reviewableLines } from "./request-email";
import { reviewToken, reviewUrl } from "./review-links";

/** Requests claimed per run; the job runs often enough that a day's shipments pass in a few runs. */
export const REVIEW_REQUEST_BATCH = 200;

/**
 * Sends the review requests that are due (ADR 0068). Each run claims due rows by setting sent_at in one
 * `update ... where sent_at is null ... returning` (rows another worker holds are skipped, not waited for), and queues
 * the emails in the same transaction: two workers never both claim a row, and a claim that rolls back sends nothing.
 * A refunded or canceled order is claimed and sent nothing.
 */
export async function sendDueReviewRequests(shop: Shop): Promise<{ claimed: number; queued: number }> {
  const now = shop.clock.now();
  const outcome = await dbOf(shop).transaction(async (tx) => {
    const claimed = await tx.execute<{ order_id: string }>(sql`
      update review_requests set sent_at = ${now}
      where order_id in (
        select order_id from review_requests
        where sent_at is null and due_at <= ${now}
        order by due_at
        limit ${REVIEW_REQUEST_BATCH}
        for update skip locked
      ) and sent_at is null
      returning order_id`);
    let queued = 0;
    const orderIds = rowsOf<{ order_id: string }>(claimed).map((r) => r.order_id);
    for (const orderId of orderIds) {
      const order = await orderSummary(tx, orderId);
      if (!order || order.status !== "paid") continue;
      const links = reviewableLines(order).map((line) => {
        const token = reviewToken(shop, order.id, line);
        return { line, token, url: reviewUrl(shop, token) };
      });
      if (links.length === 0) continue;
      if (await enqueueEmail(tx, renderReviewRequest(order, links), { now })) queued += 1;
    }
    return { claimed: orderIds.length, queued };
  });
  if (outcome.queued > 0) await sendQueuedEmailsSoon(shop);
  return outcome;
}

/** Both drivers answer execute() with rows; read them either way. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
