import { classifyDecline, GRACE_DAYS, nextDunningStep } from "../../../domain/dunning";
import type { Tx } from "../../db/client";
import { gatewayOf } from "../../integrations/payments";
import { recordLedgerEntry } from "../../modules/ledger";
import { queueActionNeededEmail, queueDeclinedEmail, recordAttempt, type RenewalStatus } from "../../modules/renewals";
import { cancelSubscription, enqueueCancellationConfirmation, markPastDue } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { type RenewalOutcome, DAY_MS, renewalLink, type Facts } from "./facts";
import { shipment } from "./quote";

/** Dunning and its notices: a decline retried or given up, an authentication asked for, a cancellation for non-payment. */

export async function recordDeclined(
  shop: Shop,
  f: Facts,
  attempt: number,
  code: string,
  message: string,
  chargeId: string | null,
  from: readonly RenewalStatus[],
): Promise<RenewalOutcome> {
  const now = shop.clock.now();
  const { renewal, sub, quote } = f;
  const kind = classifyDecline(code);
  const step = nextDunningStep(kind, attempt, renewal.createdAt, now);
  const status: RenewalStatus = step.action === "retry" ? "retrying" : step.action === "wait_for_card" ? "card_needed" : "canceled";
  const nextAttemptAt = step.action === "retry" ? step.at : step.action === "wait_for_card" ? step.cancelAt : null;
  const written = await dbOf(shop).transaction(async (tx) => {
    const base = { renewalId: renewal.id, number: attempt, declineCode: code, declineKind: kind, chargeId, amount: quote.total, currency: quote.currency, at: now };
    const next = { status, nextAttemptAt, leaseUntil: null, lastDeclineCode: code, lastDeclineKind: kind };
    if (!(await recordAttempt(tx, { ...base, outcome: "declined" }, from, next))) return false;
    await recordLedgerEntry(tx, { key: `retry:${renewal.id}:${attempt}`, subscriptionId: sub.id, renewalId: renewal.id, kind: "retry", amount: 0, currency: quote.currency, gateway: gatewayOf(shop).name, chargeId, now });
    await markPastDue(tx, sub.id);
    if (status === "canceled") {
      await cancelForNonPayment(shop, tx, f, now);
    } else if (f.email) {
      const updateCardUrl = renewalLink(shop, "update-card", sub.id, renewal.id, GRACE_DAYS + 7);
      await queueDeclinedEmail(tx, { ...shipment(f, now), key: `${renewal.id}:${attempt}`, reason: message, retryAt: step.action === "retry" ? step.at : null, updateCardUrl }, now);
    }
    return true;
  });
  return written ? (status as RenewalOutcome) : "skipped";
}

export async function recordActionNeeded(shop: Shop, f: Facts, attempt: number, chargeId: string, from: readonly RenewalStatus[]): Promise<RenewalOutcome> {
  const now = shop.clock.now();
  const { renewal, sub, quote } = f;
  const deadline = new Date(renewal.createdAt.getTime() + GRACE_DAYS * DAY_MS);
  const written = await dbOf(shop).transaction(async (tx) => {
    const base = { renewalId: renewal.id, number: attempt, declineCode: "authentication_required", declineKind: null, chargeId, amount: quote.total, currency: quote.currency, at: now };
    if (!(await recordAttempt(tx, { ...base, outcome: "requires_action" }, from, { status: "action_needed", chargeId, nextAttemptAt: deadline, leaseUntil: null }))) return false;
    await markPastDue(tx, sub.id);
    if (f.email) {
      const confirmUrl = renewalLink(shop, "confirm-payment", renewal.id, chargeId, GRACE_DAYS + 1);
      await queueActionNeededEmail(tx, { ...shipment(f, now), key: `${renewal.id}:${attempt}`, confirmUrl, deadline }, now);
    }
    return true;
  });
  return written ? "action_needed" : "skipped";
}

/**
 * Dunning gave up: the subscription is cancelled with reason payment_failed, recorded in the portal's cancellation
 * record (via "dunning") and confirmed with the portal's cancellation email, which says why.
 */
export async function cancelForNonPayment(shop: Shop, tx: Tx, f: Pick<Facts, "sub" | "email" | "plan" | "renewal">, now: Date): Promise<void> {
  if (!(await cancelSubscription(tx, f.sub.id, "payment_failed", now))) return;
  if (f.email) {
    await enqueueCancellationConfirmation(
      tx,
      f.email,
      {
        subscriptionId: f.sub.id,
        planName: f.plan.name,
        canceledAt: now,
        reactivateUrl: renewalLink(shop, "manage", f.sub.id, null, 90),
        because: "We could not collect the payment for your renewal: the card was declined and every retry failed, so your subscription has ended. Restart it any time with a new card.",
      },
      { now },
    );
  }
}
