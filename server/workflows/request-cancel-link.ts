import { customerByEmail } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { cancelLinkUrl, enqueueCancelLink, enqueueNoSubscriptionNotice, heldSubscriptionRows } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

/**
 * The footer's "Cancel a subscription": the visitor gives only an email address. The address gets a one-click link
 * when it holds a subscription, or a note saying there is none. The page answers the same either way, so it tells
 * nobody whether an address is a customer. At most one email per address per ten minutes (outbox key).
 */
export async function requestCancelLink(shop: Shop, req: { email: string; origin: string }): Promise<void> {
  const now = shop.clock.now();
  const customer = await customerByEmail(shop, req.email);
  const held = customer ? await heldSubscriptionRows(dbOf(shop), customer.id) : [];
  const queued =
    customer && held.length > 0
      ? await enqueueCancelLink(dbOf(shop), customer.email, await cancelLinkUrl(shop, req.origin, { customerId: customer.id, email: customer.email }), { now })
      : await enqueueNoSubscriptionNotice(dbOf(shop), req.email, { now });
  if (queued) await sendQueuedEmailsSoon(shop);
}
