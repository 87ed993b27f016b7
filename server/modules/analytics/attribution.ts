import { attributionFrom, hasAttribution } from "../../../domain/attribution";
import { orderAttributions } from "../../db/schema";
import type { Queryable } from "../../db/client";
import { runAsOneStatement, statementPart, type StatementPart } from "../../db/one-statement";

/**
 * Copies the visit's campaign values onto the order, as a part of the order's one statement (ADR 0046). Null (nothing
 * to write) when the shopper sent none (no consent, or no campaign).
 */
export function orderAttributionPart(db: Queryable, input: { orderId: string; attribution: unknown; clickId?: string | null; now: Date }): StatementPart | null {
  const attribution = attributionFrom(input.attribution);
  if (!hasAttribution(attribution) && !input.clickId) return null;
  return statementPart(
    "order_attribution",
    db
      .insert(orderAttributions)
      .values({ orderId: input.orderId, firstTouch: attribution.firstTouch, lastTouch: attribution.lastTouch, clickId: input.clickId ?? null, createdAt: input.now })
      .onConflictDoNothing(),
  );
}

/** The same, on its own. */
export async function recordOrderAttribution(db: Queryable, input: Parameters<typeof orderAttributionPart>[1]): Promise<void> {
  const part = orderAttributionPart(db, input);
  if (part) await runAsOneStatement(db, [part]);
}
