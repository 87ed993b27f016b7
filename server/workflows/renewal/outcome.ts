import type { ChargeResult } from "../../integrations/payments/gateway";
import { sendQueuedEmailsSoon } from "../../modules/email";
import { type RenewalStatus } from "../../modules/renewals";
import { type Shop } from "../../shop";
import { type RenewalOutcome, type Facts } from "./facts";
import { recordPaid } from "./record-paid";
import { recordDeclined, recordActionNeeded } from "./dunning";

/** Step three: a charge's result written as the renewal's outcome, paid or the dunning path. */

export async function recordOutcome(
  shop: Shop,
  f: Facts,
  attempt: number,
  result: ChargeResult | { status: "free" } | { status: "no_card" },
  from: readonly RenewalStatus[],
  sendNow = true,
): Promise<RenewalOutcome> {
  let outcome: RenewalOutcome;
  if (result.status === "succeeded" || result.status === "free") {
    outcome = await recordPaid(shop, f, attempt, result.status === "succeeded" ? result.chargeId : null, from);
  } else if (result.status === "requires_action") {
    outcome = await recordActionNeeded(shop, f, attempt, result.chargeId, from);
  } else {
    const code = result.status === "no_card" ? "no_payment_method" : result.code;
    const message = result.status === "no_card" ? "There is no card saved for this subscription." : result.message;
    outcome = await recordDeclined(shop, f, attempt, code, message, result.status === "declined" ? result.chargeId : null, from);
  }
  if (sendNow) await sendQueuedEmailsSoon(shop);
  return outcome;
}
