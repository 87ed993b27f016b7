import { verifyLink } from "../lib/signed-links";
import { customerByEmail, findCustomerById } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import {
  cancelLinkPath,
  cancelLinkUrl,
  enqueueCancelLink,
  enqueueNoSubscriptionNotice,
  heldSubscriptionRows,
  signCancelLink,
  subscriptionRowById,
} from "../modules/subscriptions";
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

/**
 * The renewal reminder's cancel link (renewals issue: `/subscription-link?action=cancel`, a signed link naming the
 * subscription) lands on the same signed-out cancellation flow as the footer's: its token is checked and exchanged for
 * the portal's cancel link of that subscription's owner. Null for a bad or expired token.
 */
export async function cancelPathForReminderLink(shop: Shop, token: string): Promise<string | null> {
  const check = verifyLink(shop.env.SESSION_SECRET, token, "cancel", shop.clock.now());
  if (!check.ok) return null;
  const sub = await subscriptionRowById(dbOf(shop), check.link.subject);
  const customer = sub ? await findCustomerById(shop, sub.customerId) : null;
  if (!sub || !customer) return null;
  return cancelLinkPath(await signCancelLink(shop, { customerId: customer.id, email: customer.email }));
}
