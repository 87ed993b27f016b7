import { attributionFrom, hasAttribution } from "../../../domain/attribution";
import { orderAttributions } from "../../db/schema";
import type { Queryable } from "../../db/client";

/**
 * Copies the visit's campaign values onto the order, inside the order's transaction (the caller's db). Nothing is
 * written when the shopper sent none (no consent, or no campaign).
 */
export async function recordOrderAttribution(db: Queryable, input: { orderId: string; attribution: unknown; clickId?: string | null; now: Date }): Promise<void> {
  const attribution = attributionFrom(input.attribution);
  if (!hasAttribution(attribution) && !input.clickId) return;
  await db
    .insert(orderAttributions)
    .values({ orderId: input.orderId, firstTouch: attribution.firstTouch, lastTouch: attribution.lastTouch, clickId: input.clickId ?? null, createdAt: input.now })
    .onConflictDoNothing();
}
