import { toShopError } from "../../domain/errors";
import { grantRetentionOffer } from "../modules/renewals";
import { portalView, recordRetentionAcceptance, type PortalSubscription } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

/**
 * 'Apply Discount & Keep Subscription' (the retention offer of SPEC.md section 9): the member's acceptance is recorded
 * for the 100-day cooldown, and the renewal engine is granted the 20% discount it applies to exactly one renewal.
 * One transaction, so neither happens without the other.
 */
export async function acceptRetentionOffer(shop: Shop, customerId: string, subscriptionId: string, reasonId: number | null): Promise<PortalSubscription> {
  try {
    const now = shop.clock.now();
    const row = await dbOf(shop).transaction(async (tx) => {
      const sub = await recordRetentionAcceptance(tx, customerId, subscriptionId, reasonId, now);
      await grantRetentionOffer(tx, subscriptionId, now);
      return sub;
    });
    return portalView(shop, row);
  } catch (error) {
    throw toShopError(error);
  }
}
