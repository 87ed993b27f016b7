import { cents, type Currency } from "../../../domain/money";
import { quoteRenewal, type RenewalQuote } from "../../../domain/renewal-quote";
import { gatewayOf } from "../../integrations/payments";
import type { ChargeResult } from "../../integrations/payments/gateway";
import { customerEmails } from "../../modules/customers";
import { sendQueuedEmailsSoon } from "../../modules/email";
import { findPaymentMethods } from "../../modules/payments";
import { creditBalancesOf, holdRenewalCredit } from "../../modules/loyalty";
import { findRenewals, freezeQuotes, priceAgreementsOf, retentionOffersOf, setRenewalStatus, type RenewalRow } from "../../modules/renewals";
import { findSubscriptions, renewalExtrasOf, type SubscriptionRow } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { renewalCoupon } from "../quote-next-charge";
import { gateUnconfirmedRenewal } from "../skip-unconfirmed-renewal";
import { type RenewalOutcome, renewalChargeKey, type Facts, originOf } from "./facts";
import { renewalPlanOf, addOnsOf } from "./quote";
import { chargeIdOf, mapLimited, charge } from "./charge";
import { recordPaidBatch, recordPaid } from "./record-paid";
import { recordOutcome } from "./outcome";

/** A batch of claimed renewals, quoted, charged and written (ADR 0029); the single renewal is a batch of one. */

/** Charges one claimed renewal and records what happened. Safe to call twice, concurrently, or after a crash. */
export async function renewSubscription(shop: Shop, renewalId: string): Promise<RenewalOutcome> {
  return (await renewBatch(shop, [renewalId])).get(renewalId) ?? "skipped";
}

/**
 * Charges a batch of claimed renewals (ADR 0029): the batch is read in a few set-based statements, charged (through
 * the gateway's batch call when it has one), and its paid outcomes written in one transaction of multi-row statements
 * guarded by each renewal's attempt number. Declines, authentications, skips and anything unusual take the one-by-one
 * path below. If the batch write fails, each renewal is written alone (the guards make that safe).
 */
export async function renewBatch(shop: Shop, renewalIds: string[]): Promise<Map<string, RenewalOutcome>> {
  const db = dbOf(shop);
  const now = shop.clock.now();
  const outcomes = new Map<string, RenewalOutcome>();
  const rows = (await findRenewals(db, renewalIds)).filter((r) => r.status === "pending");
  for (const id of renewalIds) if (!rows.some((r) => r.id === id)) outcomes.set(id, "skipped");
  if (rows.length === 0) return outcomes;
  const subIds = rows.map((r) => r.subscriptionId);
  const [subs, extras] = await Promise.all([findSubscriptions(db, subIds), renewalExtrasOf(db, subIds)]);

  // Who is still owed a charge; the rest are settled one by one (cancelled, or skipped by the portal's gate).
  const live: { renewal: RenewalRow; sub: SubscriptionRow }[] = [];
  const seen = new Set<string>();
  for (const renewal of rows) {
    const sub = subs.get(renewal.subscriptionId);
    if (!sub || sub.status === "canceled" || (renewal.attempts === 0 && sub.nextBillingAt.getTime() !== renewal.dueAt.getTime())) {
      await db.transaction((tx) => setRenewalStatus(tx, renewal.id, ["pending"], { status: "canceled", leaseUntil: null }, now));
      outcomes.set(renewal.id, "canceled");
      continue;
    }
    // "Ask me before each charge" (the portal): a first attempt not confirmed by its date is skipped, never charged.
    if (renewal.attempts === 0 && extras.confirmEach.has(sub.id)) {
      const gate = await gateUnconfirmedRenewal(shop, { subscriptionId: sub.id, dueAt: renewal.dueAt, origin: originOf(shop) });
      if (gate === "skipped") {
        await db.transaction((tx) => setRenewalStatus(tx, renewal.id, ["pending"], { status: "skipped", leaseUntil: null }, now));
        outcomes.set(renewal.id, "skipped");
        continue;
      }
    }
    if (seen.has(sub.id)) {
      // Two renewals of one subscription in a batch cannot share its multi-row writes: the second waits for its lease.
      continue;
    }
    seen.add(sub.id);
    live.push({ renewal, sub });
  }
  if (live.length === 0) return outcomes;

  // Everything the quotes, emails and charges need, in a few statements for the whole batch.
  const toPrice = live.filter((l) => l.renewal.quote === null);
  const [emails, agreements, retention, credits, methods] = await Promise.all([
    customerEmails(db, live.map((l) => l.sub.customerId)),
    priceAgreementsOf(db, toPrice.map((l) => l.sub.id)),
    retentionOffersOf(db, toPrice.map((l) => l.sub.id)),
    creditBalancesOf(db, toPrice.map((l) => l.sub.customerId)),
    findPaymentMethods(db, live.flatMap((l) => { const m = l.renewal.paymentMethodId ?? l.sub.paymentMethodId; return m ? [m] : []; })),
  ]);
  const facts: Facts[] = [];
  const fresh: { id: string; quote: RenewalQuote }[] = [];
  for (const { renewal, sub } of live) {
    try {
      const plan = await renewalPlanOf(shop, sub);
      let quote = renewal.quote as RenewalQuote | null;
      if (quote === null) {
        quote = quoteRenewal({
          subscription: { quantity: sub.quantity, country: sub.country, currency: sub.currency as Currency, billingPeriodMonths: sub.billingPeriodMonths },
          plan: { code: plan.code, sku: plan.productSku, name: plan.name, listPrice: cents(plan.price) },
          chargeAt: now,
          price: agreements(sub.id, cents(plan.price)),
          coupon: await renewalCoupon(db, sub.couponCode),
          retentionDiscount: retention.has(sub.id),
          // A held subscription (ADR 0057) is not the account's yet: it spends none of the account's credit.
          creditBalance: sub.heldAt ? cents(0) : credits(sub.customerId, sub.currency),
          addOns: await addOnsOf(shop, sub, extras.addOns.get(sub.id) ?? []),
        });
        // Referral and points credit is taken before the charge (ADR 0036); a frozen quote keeps the credit it held.
        if (quote.creditApplied > 0) quote = await holdRenewalCredit(db, { renewalId: renewal.id, customerId: sub.customerId, quote, now });
        fresh.push({ id: renewal.id, quote });
      }
      facts.push({ renewal, sub, email: emails.get(sub.customerId) ?? "", quote, plan });
    } catch (error) {
      // A plan no longer sold in this currency, a bad row: the lease runs out and the next sweep tries it alone.
      shop.log.error({ err: error, renewalId: renewal.id }, "renewal could not be priced");
    }
  }
  const frozen = await freezeQuotes(db, fresh, now);
  for (const f of facts) {
    if (f.renewal.quote === null && !frozen.has(f.renewal.id)) {
      // Someone froze it first (a takeover racing a slow worker): charge what they froze.
      const [again] = await findRenewals(db, [f.renewal.id]);
      if (again?.quote) f.quote = again.quote as RenewalQuote;
    }
    f.renewal = { ...f.renewal, quote: f.quote, amount: f.quote.total };
  }

  // Charge: free renewals need no gateway; a missing card is a decline; the rest go to the gateway together.
  const results = new Map<string, ChargeResult | { status: "free" } | { status: "no_card" }>();
  const charges: { f: Facts; token: string }[] = [];
  for (const f of facts) {
    if (f.quote.total === 0) {
      results.set(f.renewal.id, { status: "free" });
      continue;
    }
    const method = methods.get((f.renewal.paymentMethodId ?? f.sub.paymentMethodId) ?? "");
    if (!method || method.customerId !== f.sub.customerId) results.set(f.renewal.id, { status: "no_card" });
    else charges.push({ f, token: method.token });
  }
  const requests = charges.map(({ f, token }) => ({ token, amount: f.quote.total, currency: f.quote.currency, idempotencyKey: renewalChargeKey(f.sub.id, f.renewal.period, f.renewal.attempts + 1) }));
  const gateway = gatewayOf(shop);
  const answers = gateway.chargeSavedMany ? await gateway.chargeSavedMany(requests) : await mapLimited(requests, 8, (r) => gateway.chargeSaved(r));
  charges.forEach(({ f }, i) => results.set(f.renewal.id, answers[i]!));

  // Paid ones together; everything else one by one.
  const paid = facts.filter((f) => {
    const r = results.get(f.renewal.id)!;
    return r.status === "succeeded" || r.status === "free";
  });
  if (paid.length > 0) {
    try {
      const written = await recordPaidBatch(shop, paid.map((f) => ({ f, chargeId: chargeIdOf(results.get(f.renewal.id)!), card: methods.get((f.renewal.paymentMethodId ?? f.sub.paymentMethodId) ?? "") ?? null })));
      for (const f of paid) outcomes.set(f.renewal.id, written.has(f.renewal.id) ? "paid" : "skipped");
    } catch (error) {
      shop.log.warn({ err: error, renewals: paid.length }, "the batch write failed; writing each renewal alone");
      for (const f of paid) {
        try {
          outcomes.set(f.renewal.id, await recordPaid(shop, f, f.renewal.attempts + 1, chargeIdOf(results.get(f.renewal.id)!), ["pending"]));
        } catch (err) {
          shop.log.error({ err, renewalId: f.renewal.id }, "renewal could not be written; it will be retried after its lease");
        }
      }
    }
  }
  for (const f of facts) {
    if (outcomes.has(f.renewal.id)) continue;
    outcomes.set(f.renewal.id, await recordOutcome(shop, f, f.renewal.attempts + 1, results.get(f.renewal.id)!, ["pending"], false));
  }
  await sendQueuedEmailsSoon(shop);
  return outcomes;
}
