import { findRenewalByCharge } from "../modules/renewals";
import { markPaymentEventProcessed, unprocessedPaymentEvents } from "../modules/payment-events";
import { dbOf, type Shop } from "../shop";
import { settleAuthenticatedRenewal } from "./renew-subscription";

/**
 * Works stored provider events. payment_intent.succeeded / payment_intent.payment_failed for a renewal that waited for
 * the customer's authentication settle it (settleAuthenticatedRenewal asks the gateway, so a forged or stale event
 * changes nothing). Events about nothing we wait for are marked processed.
 */
export async function processPaymentEvents(shop: Shop): Promise<number> {
  let processed = 0;
  for (const event of await unprocessedPaymentEvents(dbOf(shop))) {
    try {
      if ((event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") && event.objectId) {
        const renewal = await findRenewalByCharge(dbOf(shop), event.objectId);
        if (renewal) await settleAuthenticatedRenewal(shop, renewal.id);
      }
      if (await markPaymentEventProcessed(dbOf(shop), event.id, shop.clock.now())) processed += 1;
    } catch (error) {
      shop.log.error({ err: error, eventId: event.id }, "could not process a payment event; the next sweep retries it");
    }
  }
  return processed;
}
