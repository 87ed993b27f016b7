import { reviewRequests } from "../../db/schema";
import type { Queryable } from "../../db/client";

const DAY_MS = 86_400_000;

/**
 * Schedules an order's review request, in the transaction that marks it shipped (ADR 0068): due `days` after the
 * shipment. An order shipped in several parcels is asked once, from its first parcel.
 */
export async function scheduleReviewRequest(db: Queryable, input: { orderId: string; shippedAt: Date; days: number }): Promise<void> {
  await db
    .insert(reviewRequests)
    .values({ orderId: input.orderId, dueAt: new Date(input.shippedAt.getTime() + input.days * DAY_MS) })
    .onConflictDoNothing({ target: reviewRequests.orderId });
}
