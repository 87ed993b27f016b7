import { billingPeriodOf } from "../../domain/billing-dates";
import { ShopError } from "../../domain/errors";
import type { PlanView } from "../../domain/plans";
import { type RenewalQuote } from "../../domain/renewal-quote";
import type { Tx } from "../db/client";
import { gatewayOf } from "../integrations/payments";
import { customerEmail } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { whileRenewing } from "../lib/keep-alive";
import { claimDueRenewals, expiredWaits, findRenewal, findRenewalOfPeriod, openRenewalOf, RENEWAL_LEASE_MS, RENEWAL_LEASE_RENEW_MS, extendRenewalLeases, setRenewalStatus, type RenewalRow } from "../modules/renewals";
import { findSubscription, markPastDue, setSubscriptionPaymentMethod } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { quoteNextCharge } from "./quote-next-charge";
import { type RenewalOutcome, type Facts } from "./renewal/facts";
import { charge } from "./renewal/charge";
import { recordOutcome } from "./renewal/outcome";
import { cancelForNonPayment } from "./renewal/dunning";
import { renewSubscription, renewBatch } from "./renewal/batch";

export { type RenewalOutcome, renewalOrderKey, renewalChargeKey, renewalLink } from "./renewal/facts";
export { renewSubscription, renewBatch } from "./renewal/batch";

/**
 * The renewal engine (ADR 0010). A renewal is one row per subscription and billing period (unique), claimed by one
 * worker at a time under a lease. Attempt n charges the saved card with the key renewal:<subscription>:<period>:<n>, so
 * a worker that dies after charging and a worker that takes over charge once between them: the gateway answers the
 * same charge to the same key. The outcome is written in one transaction guarded by the attempt number (only one
 * writer records attempt n), and the order's own unique key renewal:<subscription>:<period> makes a second order for
 * the period impossible.
 */

// ---- The sweep: claim due renewals and work them at a steady pace ----

export interface DrainOptions {
  /** Renewals claimed per statement, and worked together as one batch (ADR 0029). */
  batch?: number;
  /** Batches worked at once by this process (each holds a few database connections at most, briefly). */
  concurrency?: number;
  /** Most renewals started per second by this process: a backlog drains steadily instead of stampeding. */
  ratePerSecond?: number;
  /** Stop claiming after this long (the next sweep carries on). */
  budgetMs?: number;
}

export interface DrainReport {
  claimed: number;
  outcomes: Partial<Record<RenewalOutcome, number>>;
  failed: number;
}

/**
 * Claims due renewals in batches and works each batch together (renewBatch), `concurrency` batches at a time and at
 * no more than `ratePerSecond`, until none is due or the time budget is spent. Every worker process runs this; SKIP
 * LOCKED and leases keep them off each other's renewals.
 */
export async function drainDueRenewals(shop: Shop, options: DrainOptions = {}): Promise<DrainReport> {
  const batch = options.batch ?? 50;
  const concurrency = options.concurrency ?? 2;
  const rate = options.ratePerSecond ?? 200;
  const budgetMs = options.budgetMs ?? 50_000;
  const started = performance.now();
  const report: DrainReport = { claimed: 0, outcomes: {}, failed: 0 };
  let done = false;
  const lane = async () => {
    while (!done && performance.now() - started < budgetMs) {
      // Pace: this batch starts no earlier than the rate allows for everything claimed before it.
      const wait = started + (report.claimed * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ids = await claimDueRenewals(dbOf(shop), shop.clock.now(), batch);
      if (ids.length === 0) {
        done = true;
        return;
      }
      report.claimed += ids.length;
      try {
        const keep = () => extendRenewalLeases(dbOf(shop), ids, shop.clock.now());
        const outcomes = await whileRenewing(keep, RENEWAL_LEASE_RENEW_MS, () => renewBatch(shop, ids));
        for (const outcome of outcomes.values()) report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        // The leases run out and a later sweep retries with the same keys.
        report.failed += ids.length;
        shop.log.error({ err: error, renewals: ids.length }, "renewal batch failed; it will be retried after its lease");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  await expireWaitingRenewals(shop);
  return report;
}

/** Renewals that waited in vain for a new card or an authentication: cancelled, with the subscription and an email. */
export async function expireWaitingRenewals(shop: Shop): Promise<number> {
  const now = shop.clock.now();
  let canceled = 0;
  for (const renewal of await expiredWaits(dbOf(shop), now, 200)) {
    const sub = await findSubscription(dbOf(shop), renewal.subscriptionId);
    if (!sub) continue;
    const plan = (renewal.quote as RenewalQuote | null)?.line;
    const email = (await customerEmail(dbOf(shop), sub.customerId)) ?? "";
    const done = await dbOf(shop).transaction(async (tx) => {
      if (!(await setRenewalStatus(tx, renewal.id, ["card_needed", "action_needed"], { status: "canceled", nextAttemptAt: null }, now))) return false;
      await markPastDue(tx, sub.id);
      await cancelForNonPayment(shop, tx, { sub, email, renewal, plan: { name: plan?.name ?? "your subscription" } as PlanView }, now);
      return true;
    });
    if (done && renewal.status === "action_needed" && renewal.chargeId) await gatewayOf(shop).void(renewal.chargeId).catch(() => {});
    if (done) canceled += 1;
  }
  if (canceled > 0) await sendQueuedEmailsSoon(shop);
  return canceled;
}

// ---- The customer acts: a new card, an authentication ----

/**
 * The customer saved a new card for a subscription whose renewal failed: the card becomes the subscription's and the
 * renewal is tried again at once (as the next attempt, with its own key).
 */
export async function retryWithNewCard(shop: Shop, subscriptionId: string, paymentMethodId: string): Promise<RenewalOutcome | null> {
  const now = shop.clock.now();
  const db = dbOf(shop);
  const reopened = await db.transaction(async (tx) => {
    await setSubscriptionPaymentMethod(tx, subscriptionId, paymentMethodId);
    const open = await openFailedRenewal(tx, subscriptionId);
    if (!open) return null;
    const moved = await setRenewalStatus(
      tx,
      open.id,
      ["retrying", "card_needed", "action_needed"],
      { status: "pending", paymentMethodId, leaseUntil: new Date(now.getTime() + RENEWAL_LEASE_MS), nextAttemptAt: null },
      now,
    );
    return moved ? open : null;
  });
  if (!reopened) return null;
  if (reopened.status === "action_needed" && reopened.chargeId) await gatewayOf(shop).void(reopened.chargeId).catch(() => {});
  return renewSubscription(shop, reopened.id);
}

async function openFailedRenewal(tx: Tx, subscriptionId: string): Promise<RenewalRow | null> {
  const open = await openRenewalOf(tx, subscriptionId);
  return open && open.status !== "pending" ? open : null;
}

/** After the customer answered their bank (the confirm link, or the provider's webhook): finish the renewal. */
export async function settleAuthenticatedRenewal(shop: Shop, renewalId: string): Promise<RenewalOutcome> {
  const db = dbOf(shop);
  const renewal = await findRenewal(db, renewalId);
  if (!renewal || renewal.status !== "action_needed" || !renewal.chargeId) return "skipped";
  const sub = await findSubscription(db, renewal.subscriptionId);
  if (!sub) return "skipped";
  const result = await gatewayOf(shop).chargeStatus(renewal.chargeId);
  if (result.status === "requires_action") return "action_needed";
  const { plan } = await quoteNextCharge(shop, sub, shop.clock.now());
  const facts: Facts = { renewal, sub, email: (await customerEmail(db, sub.customerId)) ?? "", quote: renewal.quote as RenewalQuote, plan };
  // The answer to the bank's question is recorded as the next attempt, naming the same charge.
  return recordOutcome(shop, facts, renewal.attempts + 1, result, ["action_needed"]);
}

// ---- Operator safety ----

/**
 * Charges a subscription's missed renewal now (an operator's command): the period due at its next billing date, never a
 * period twice. A paid period answers "skipped"; a renewal in dunning is tried again at once as its next attempt.
 */
export async function chargeMissedRenewalNow(shop: Shop, subscriptionId: string): Promise<{ period: string; outcome: RenewalOutcome }> {
  const db = dbOf(shop);
  const sub = await findSubscription(db, subscriptionId);
  if (!sub) throw new ShopError("NOT_FOUND", "No such subscription.");
  if (sub.status === "canceled") throw new ShopError("VALIDATION_ERROR", "This subscription is canceled; reactivate it first.");
  const now = shop.clock.now();
  const period = billingPeriodOf(sub.nextBillingAt);
  if (sub.nextBillingAt > now) throw new ShopError("VALIDATION_ERROR", `Nothing is due: the next billing date is ${sub.nextBillingAt.toISOString()}.`);
  const ids = await claimDueRenewals(db, now, 1, subscriptionId);
  const renewal = await findRenewalOfPeriod(db, sub.id, period);
  if (!renewal) throw new ShopError("UNKNOWN", "The renewal could not be opened.");
  if (renewal.status === "paid") return { period, outcome: "skipped" };
  if (renewal.status === "retrying" || renewal.status === "card_needed") {
    await db.transaction((tx) => setRenewalStatus(tx, renewal.id, ["retrying", "card_needed"], { status: "pending", leaseUntil: new Date(now.getTime() + RENEWAL_LEASE_MS) }, now));
  } else if (renewal.status !== "pending" || !ids.includes(renewal.id)) {
    return { period, outcome: renewal.status as RenewalOutcome };
  }
  return { period, outcome: await renewSubscription(shop, renewal.id) };
}
