import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { retentionOffers } from "../../db/schema";

/**
 * A cancellation takes back a retention discount not used yet (in the cancellation's transaction): otherwise a
 * reactivation months later would find a 20% discount the member no longer expects, and the portal and the renewal
 * would disagree about it.
 */
export async function withdrawRetentionOffer(tx: Tx, subscriptionId: string): Promise<void> {
  await tx.delete(retentionOffers).where(and(eq(retentionOffers.subscriptionId, subscriptionId), isNull(retentionOffers.consumedByRenewalId)));
}
