import { toShopError } from "../../domain/errors";
import type { CancellationInput } from "../../domain/subscription-requests";
import { ROUTES } from "../../domain/routes";
import { findCustomerById } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import {
  cancelSubscriptionRow,
  ownSubscription,
  enqueueCancellationConfirmation,
  planOf,
  portalView,
  readCancelLink,
  type CancellationChannel,
  type PortalSubscription,
} from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";

/**
 * DELETE /api/subscription/{id}, the cancel screen of the account, and the signed-out link: the subscription is
 * cancelled, the reason kept, and the confirmation email (with date and time) queued in the same transaction.
 * Idempotent: cancelling a cancelled subscription answers it as it is and sends no second email.
 */
export async function cancelSubscription(
  shop: Shop,
  req: { customerId: string; subscriptionId: string; input: CancellationInput; via: CancellationChannel; origin: string },
): Promise<PortalSubscription> {
  try {
    // Reads of other modules come first: inside the transaction only the transaction may be queried.
    const before = await ownSubscription(dbOf(shop), req.customerId, req.subscriptionId);
    const [customer, plan] = await Promise.all([findCustomerById(shop, req.customerId), planOf(shop, before, before.renewalPlanCode)]);
    const now = shop.clock.now();
    const { row, alreadyCanceled } = await dbOf(shop).transaction(async (tx) => {
      const result = await cancelSubscriptionRow(tx, req.customerId, req.subscriptionId, req.input, req.via, now);
      if (!result.alreadyCanceled && customer) {
        await enqueueCancellationConfirmation(
          tx,
          customer.email,
          { subscriptionId: result.row.id, planName: plan.name, canceledAt: now, reactivateUrl: new URL(ROUTES.subscriptions, req.origin).toString() },
          { now },
        );
      }
      return result;
    });
    if (!alreadyCanceled) await sendQueuedEmailsSoon(shop);
    return portalView(shop, row);
  } catch (error) {
    throw toShopError(error);
  }
}

/** The signed-out link's Cancel button: the token names the customer; the subscription must be theirs. */
export async function cancelFromLink(shop: Shop, req: { token: string; subscriptionId: string; origin: string }): Promise<PortalSubscription | null> {
  const claims = await readCancelLink(shop, req.token);
  if (!claims) return null;
  return cancelSubscription(shop, { customerId: claims.customerId, subscriptionId: req.subscriptionId, input: {}, via: "email_link", origin: req.origin });
}
