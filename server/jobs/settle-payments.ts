import { ShopError } from "../../domain/errors";
import { gatewayOf } from "../integrations/payments";
import { abandonedAuthorizations, failAttempt } from "../modules/orders";
import { markCaptured, uncapturedPaymentsBefore } from "../modules/payments";
import { dbOf, type Shop } from "../shop";

export const SETTLE_PAYMENTS = "settle-payments";
export const SETTLE_PAYMENTS_CRON = "*/5 * * * *";
/** Orders capture within a second; one still authorized after two minutes was left by a stopped process. */
const CAPTURE_GRACE_MS = 2 * 60_000;

/**
 * Finishes what a stopped process left half done: captures payments of written orders that were never captured, and
 * voids authorizations of checkout attempts abandoned before their order was written.
 */
export async function settlePayments(shop: Shop): Promise<{ captured: number; voided: number }> {
  const gateway = gatewayOf(shop);
  const now = shop.clock.now();
  let captured = 0;
  let voided = 0;
  for (const payment of await uncapturedPaymentsBefore(dbOf(shop), new Date(now.getTime() - CAPTURE_GRACE_MS))) {
    try {
      await gateway.capture(payment.chargeId);
      await markCaptured(dbOf(shop), payment.id, now);
      captured += 1;
    } catch (error) {
      shop.log.error({ err: error, paymentId: payment.id }, "could not capture a written order's payment");
    }
  }
  for (const abandoned of await abandonedAuthorizations(shop)) {
    try {
      await gateway.void(abandoned.chargeId);
      voided += 1;
    } catch (error) {
      shop.log.warn({ err: error, chargeId: abandoned.chargeId }, "could not void an abandoned authorization");
    }
    await failAttempt(shop, abandoned.key, abandoned.claim, new ShopError("UNKNOWN", "The checkout was interrupted. Please try again."));
  }
  if (captured + voided > 0) shop.log.info({ job: SETTLE_PAYMENTS, captured, voided }, "settled payments");
  return { captured, voided };
}
