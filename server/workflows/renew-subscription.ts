import type { Address } from "../../domain/address";
import { advanceSchedule, billingPeriodOf } from "../../domain/billing-dates";
import { classifyDecline, GRACE_DAYS, nextDunningStep } from "../../domain/dunning";
import { ShopError } from "../../domain/errors";
import { cents, type Currency } from "../../domain/money";
import { orderNumber } from "../../domain/orders";
import type { PlanCode, PlanView, PriceList } from "../../domain/plans";
import type { Quote } from "../../domain/quote";
import { quoteRenewal, type RenewalAddOn, type RenewalQuote } from "../../domain/renewal-quote";
import { ROUTES } from "../../domain/routes";
import type { Tx } from "../db/client";
import { gatewayOf } from "../integrations/payments";
import type { ChargeResult } from "../integrations/payments/gateway";
import { signLink, type LinkPurpose } from "../lib/signed-links";
import { findPlan } from "../modules/catalog";
import { customerEmail, customerEmails } from "../modules/customers";
import { enqueueEmails, sendQueuedEmailsSoon } from "../modules/email";
import { recordLedgerEntries, recordLedgerEntry } from "../modules/ledger";
import { insertOrder, insertOrders } from "../modules/orders";
import { whileRenewing } from "../lib/keep-alive";
import { findOwnPaymentMethod, findPaymentMethods, markCaptured, recordCapturedPayments, recordPayment } from "../modules/payments";
import { creditBalancesOf, earnOrderPoints, earnOrderPointsMany, holdRenewalCredit } from "../modules/loyalty";
import {
  agreePrice,
  agreePrices,
  claimDueRenewals,
  consumeRetentionOffer,
  consumeRetentionOffers,
  expiredWaits,
  findRenewal,
  findRenewalOfPeriod,
  findRenewals,
  freezeQuotes,
  openRenewalOf,
  priceAgreementsOf,
  queueActionNeededEmail,
  queueDeclinedEmail,
  queueReceiptEmail,
  receiptEmail,
  recordAttempt,
  recordPaidAttempts,
  RENEWAL_LEASE_MS,
  RENEWAL_LEASE_RENEW_MS,
  extendRenewalLeases,
  retentionOffersOf,
  setRenewalOrders,
  setRenewalStatus,
  type RenewalRow,
  type RenewalStatus,
} from "../modules/renewals";
import {
  advanceAfterRenewal,
  advanceAfterRenewals,
  cancelSubscription,
  consumeNextShipmentExtras,
  enqueueCancellationConfirmation,
  findSubscription,
  findSubscriptions,
  markPastDue,
  renewalExtrasOf,
  scheduleOf,
  setSubscriptionPaymentMethod,
  type SubscriptionRow,
} from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { quoteNextCharge, renewalCoupon } from "./quote-next-charge";
import { gateUnconfirmedRenewal } from "./skip-unconfirmed-renewal";
import { publicOrigin } from "../public-origin";

/**
 * The renewal engine (ADR 0010). A renewal is one row per subscription and billing period (unique), claimed by one
 * worker at a time under a lease. Attempt n charges the saved card with the key renewal:<subscription>:<period>:<n>, so
 * a worker that dies after charging and a worker that takes over charge once between them: the gateway answers the
 * same charge to the same key. The outcome is written in one transaction guarded by the attempt number (only one
 * writer records attempt n), and the order's own unique key renewal:<subscription>:<period> makes a second order for
 * the period impossible.
 */
export type RenewalOutcome = "paid" | "retrying" | "card_needed" | "action_needed" | "canceled" | "skipped";

const DAY_MS = 86_400_000;
export const renewalOrderKey = (subscriptionId: string, period: string) => `renewal:${subscriptionId}:${period}`;
export const renewalChargeKey = (subscriptionId: string, period: string, attempt: number) => `renewal:${subscriptionId}:${period}:${attempt}`;

/** A one-click link of the renewal emails, signed and expiring (server/lib/signed-links.ts). */
export function renewalLink(shop: Shop, purpose: LinkPurpose, subject: string, scope: string | null, validDays: number): string {
  const token = signLink(shop.env.SESSION_SECRET, { purpose, subject, scope, expiresAt: new Date(shop.clock.now().getTime() + validDays * DAY_MS) });
  const base = publicOrigin(shop.env);
  return `${base}${ROUTES.subscription_link}?action=${purpose}&token=${encodeURIComponent(token)}`;
}

interface Facts {
  renewal: RenewalRow;
  sub: SubscriptionRow;
  email: string;
  quote: RenewalQuote;
  plan: PlanView;
}

/** Charges one claimed renewal and records what happened. Safe to call twice, concurrently, or after a crash. */
export async function renewSubscription(shop: Shop, renewalId: string): Promise<RenewalOutcome> {
  return (await renewBatch(shop, [renewalId])).get(renewalId) ?? "skipped";
}

/** The origin of links in renewal emails (the shop's public address). */
const originOf = (shop: Shop) => publicOrigin(shop.env);

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

const chargeIdOf = (r: ChargeResult | { status: "free" } | { status: "no_card" }) => ("chargeId" in r && r.chargeId ? r.chargeId : null);

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * Writes a batch of paid renewals in one transaction: the guarded status change (only renewals still at the attempt
 * before move; the others were written by someone else and get nothing more), the attempts, the orders and their
 * lines, the payments, the ledger, the credit and offers consumed, the prices agreed, the dates moved and the receipts.
 */
async function recordPaidBatch(shop: Shop, list: { f: Facts; chargeId: string | null; card: { brand: string; last4: string; expMonth: number; expYear: number } | null }[]): Promise<Set<string>> {
  const now = shop.clock.now();
  const gateway = gatewayOf(shop).name;
  return dbOf(shop).transaction(async (tx) => {
    const won = await recordPaidAttempts(
      tx,
      list.map(({ f, chargeId }) => ({
        renewalId: f.renewal.id,
        number: f.renewal.attempts + 1,
        outcome: "succeeded",
        declineCode: null,
        declineKind: null,
        chargeId,
        amount: f.quote.total,
        currency: f.quote.currency,
        at: now,
      })),
    );
    const rows = list.filter(({ f }) => won.has(f.renewal.id));
    if (rows.length === 0) return won;
    const orders = await insertOrders(
      tx,
      rows.map(({ f }) => ({
        customerId: f.sub.customerId,
        email: f.email,
        quote: orderQuoteOf(f.quote, f.plan, f.sub),
        shippingAddress: f.sub.shippingAddress as Address,
        idempotencyKey: renewalOrderKey(f.sub.id, f.renewal.period),
        now,
        heldAt: heldAtOf(f.sub, now),
      })),
    );
    await setRenewalOrders(tx, rows.map(({ f }, i) => ({ renewalId: f.renewal.id, orderId: orders[i]!.id })));
    await recordLedgerEntries(
      tx,
      rows.flatMap(({ f, chargeId }) => {
        const base = { subscriptionId: f.sub.id, renewalId: f.renewal.id, currency: f.quote.currency, gateway, now };
        const charge = { ...base, key: `charge:${f.renewal.id}`, kind: "charge" as const, amount: f.quote.total, chargeId };
        const credit = { ...base, key: `credit:${f.renewal.id}`, kind: "credit" as const, amount: 0, creditAmount: f.quote.creditApplied, chargeId: null };
        return f.quote.creditApplied > 0 ? [charge, credit] : [charge];
      }),
    );
    // A held renewal earns its points when the account claims it (ADR 0057).
    await earnOrderPointsMany(tx, rows.flatMap(({ f }, i) => (heldAtOf(f.sub, now) ? [] : [{ customerId: f.sub.customerId, orderId: orders[i]!.id, amount: f.quote.total, now }])));
    await consumeRetentionOffers(tx, rows.filter(({ f }) => f.quote.retentionConsumed).map(({ f }) => ({ subscriptionId: f.sub.id, renewalId: f.renewal.id })));
    await agreePrices(tx, rows.map(({ f }) => ({ subscriptionId: f.sub.id, unitPrice: f.quote.agreedPrice, currency: f.quote.currency })), now);
    await recordCapturedPayments(
      tx,
      rows.flatMap(({ f, chargeId, card }, i) =>
        chargeId
          ? [{ orderId: orders[i]!.id, customerId: f.sub.customerId, gateway, chargeId, amount: f.quote.total, currency: f.quote.currency, card: { brand: card?.brand ?? "card", last4: card?.last4 ?? "", expMonth: card?.expMonth ?? 0, expYear: card?.expYear ?? 0 }, now }]
          : [],
      ),
    );
    // The portal's one-time add-ons and accepted retention discount: consumed by this order, once (rare, so one by one).
    for (const [i, { f }] of rows.entries()) {
      const addOnIds = (f.quote.addOns ?? []).map((a) => a.id);
      if (addOnIds.length > 0 || f.quote.retentionConsumed) await consumeNextShipmentExtras(tx, f.sub.id, orders[i]!.id, now, { addOnIds });
    }
    const nexts = rows.map(({ f }) => advanceSchedule(scheduleOf({ ...f.sub, nextBillingAt: f.renewal.dueAt })));
    const moved = await advanceAfterRenewals(tx, rows.map(({ f }, i) => ({ id: f.sub.id, dueAt: f.renewal.dueAt, next: nexts[i]! })));
    for (const { f } of rows) if (!moved.has(f.sub.id)) shop.log.warn({ subscriptionId: f.sub.id, period: f.renewal.period }, "a renewal was paid after its date moved");
    await enqueueEmails(
      tx,
      rows.flatMap(({ f }, i) =>
        f.email
          ? [receiptEmail({ ...shipment(f, now), key: f.renewal.id, orderNumber: orderNumber(orders[i]!.number), nextBillingAt: nexts[i]!.nextBillingAt, addOns: f.quote.addOns ?? [] })]
          : [],
      ),
      { now },
    );
    return won;
  });
}

/**
 * A held subscription's renewal order is held too (ADR 0057): not in the account's history, invoice, export or points
 * until the address is proven, whose claim takes it with the subscription's checkout order.
 */
const heldAtOf = (sub: SubscriptionRow, now: Date): Date | null => (sub.heldAt ? now : null);

/** The plan a subscription renews as, in its price list and currency. */
async function renewalPlanOf(shop: Shop, sub: SubscriptionRow): Promise<PlanView> {
  const plan = await findPlan(shop, sub.renewalPlanCode as PlanCode, sub.priceList as PriceList, sub.currency);
  if (!plan) throw new ShopError("ITEM_NOT_AVAILABLE", `The plan ${sub.renewalPlanCode} has no ${sub.currency} price.`);
  return plan;
}

/** The portal's one-time add-ons, priced in the subscription's price list (an add-on no longer sold is left for later). */
async function addOnsOf(shop: Shop, sub: SubscriptionRow, addOns: { id: string; planCode: string; quantity: number }[]): Promise<RenewalAddOn[]> {
  const out: RenewalAddOn[] = [];
  for (const a of addOns) {
    const plan = await findPlan(shop, a.planCode as PlanCode, sub.priceList as PriceList, sub.currency);
    if (plan) out.push({ id: a.id, productCode: plan.productCode, image: plan.image, code: plan.code, sku: plan.productSku, name: plan.name, listPrice: cents(plan.price), quantity: a.quantity });
  }
  return out;
}

async function charge(shop: Shop, f: Facts, attempt: number): Promise<ChargeResult | { status: "free" } | { status: "no_card" }> {
  if (f.quote.total === 0) return { status: "free" };
  const methodId = f.renewal.paymentMethodId ?? f.sub.paymentMethodId;
  // A held subscription's card is held too (ADR 0057): it is still this subscription's card.
  const method = methodId ? await findOwnPaymentMethod(dbOf(shop), methodId, f.sub.customerId, { includeHeld: true }) : null;
  if (!method) return { status: "no_card" };
  return gatewayOf(shop).chargeSaved({
    token: method.token,
    amount: f.quote.total,
    currency: f.quote.currency,
    idempotencyKey: renewalChargeKey(f.sub.id, f.renewal.period, attempt),
  });
}

async function recordOutcome(
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

async function recordPaid(shop: Shop, f: Facts, attempt: number, chargeId: string | null, from: readonly RenewalStatus[]): Promise<RenewalOutcome> {
  const now = shop.clock.now();
  const { renewal, sub, quote } = f;
  const gateway = gatewayOf(shop).name;
  const written = await dbOf(shop).transaction(async (tx) => {
    const base = { renewalId: renewal.id, number: attempt, declineCode: null, declineKind: null, chargeId, amount: quote.total, currency: quote.currency, at: now };
    if (!(await recordAttempt(tx, { ...base, outcome: "succeeded" }, from, { status: "paid", chargeId, leaseUntil: null, nextAttemptAt: null }))) return false;
    const order = await insertOrder(tx, {
      customerId: sub.customerId,
      email: f.email,
      quote: orderQuoteOf(quote, f.plan, sub),
      shippingAddress: sub.shippingAddress as Address,
      idempotencyKey: renewalOrderKey(sub.id, renewal.period),
      now,
      heldAt: heldAtOf(sub, now),
    });
    await setRenewalStatus(tx, renewal.id, ["paid"], { orderId: order.id }, now);
    if (!sub.heldAt) await earnOrderPoints(tx, { customerId: sub.customerId, orderId: order.id, amount: quote.total, now });
    await recordMoney(tx, f, chargeId, gateway, now);
    const card = await findOwnPaymentMethod(tx, (renewal.paymentMethodId ?? sub.paymentMethodId)!, sub.customerId, { includeHeld: true }).catch(() => null);
    if (chargeId) {
      const paymentId = await recordPayment(tx, {
        orderId: order.id,
        customerId: sub.customerId,
        gateway,
        chargeId,
        amount: quote.total,
        currency: quote.currency,
        card: { brand: card?.brand ?? "card", last4: card?.last4 ?? "", expMonth: card?.expMonth ?? 0, expYear: card?.expYear ?? 0 },
        now,
      });
      await markCaptured(tx, paymentId, now);
    }
    const addOnIds = (quote.addOns ?? []).map((a) => a.id);
    if (addOnIds.length > 0 || quote.retentionConsumed) await consumeNextShipmentExtras(tx, sub.id, order.id, now, { addOnIds });
    const next = advanceSchedule(scheduleOf({ ...sub, nextBillingAt: renewal.dueAt }));
    if (!(await advanceAfterRenewal(tx, sub.id, renewal.dueAt, next))) shop.log.warn({ subscriptionId: sub.id, period: renewal.period }, "a renewal was paid after its date moved");
    if (f.email) {
      await queueReceiptEmail(tx, { ...shipment(f, now), key: renewal.id, orderNumber: orderNumber(order.number), nextBillingAt: next.nextBillingAt, addOns: quote.addOns ?? [] }, now);
    }
    return true;
  });
  return written ? "paid" : "skipped";
}

/** The ledger rows, credit spent, retention offer used and the price agreed by this charge. */
async function recordMoney(tx: Tx, f: Facts, chargeId: string | null, gateway: string, now: Date): Promise<void> {
  const { renewal, sub, quote } = f;
  await recordLedgerEntry(tx, { key: `charge:${renewal.id}`, subscriptionId: sub.id, renewalId: renewal.id, kind: "charge", amount: quote.total, currency: quote.currency, gateway, chargeId, now });
  if (quote.creditApplied > 0) {
    await recordLedgerEntry(tx, { key: `credit:${renewal.id}`, subscriptionId: sub.id, renewalId: renewal.id, kind: "credit", amount: 0, creditAmount: quote.creditApplied, currency: quote.currency, gateway, chargeId: null, now });
  }
  if (quote.retentionConsumed) await consumeRetentionOffer(tx, sub.id, renewal.id);
  await agreePrice(tx, sub.id, quote.agreedPrice, quote.currency, now);
}

async function recordDeclined(
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

async function recordActionNeeded(shop: Shop, f: Facts, attempt: number, chargeId: string, from: readonly RenewalStatus[]): Promise<RenewalOutcome> {
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
async function cancelForNonPayment(shop: Shop, tx: Tx, f: Pick<Facts, "sub" | "email" | "plan" | "renewal">, now: Date): Promise<void> {
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

function shipment(f: Facts, now: Date) {
  return { to: f.email, productName: f.plan.name, quantity: f.sub.quantity, amount: f.quote.total, currency: f.quote.currency, country: f.sub.country, chargeAt: now };
}

/** The renewal as an order: one line of the renewal plan, its discounts (credit shown as one), shipping and total. */
function orderQuoteOf(q: RenewalQuote, plan: PlanView, sub: SubscriptionRow): Quote {
  const discounts = q.discounts.map((d) => ({ code: d.code, kind: "promo" as const, amount: d.amount }));
  if (q.creditApplied > 0) discounts.push({ code: "CREDIT", kind: "promo", amount: q.creditApplied });
  return {
    currency: q.currency as Currency,
    country: q.country,
    lines: [
      {
        productCode: plan.productCode,
        planCode: plan.code,
        sku: plan.productSku,
        name: plan.name,
        image: plan.image,
        quantity: q.line.quantity,
        unitPrice: q.line.unitPrice,
        listTotal: q.line.listTotal,
        discount: q.line.discount,
        total: q.line.total,
        isSrp: true,
        billingPeriodMonths: sub.billingPeriodMonths as 1 | 3 | 6,
        renewsInto: null,
        bonus: false,
      },
      ...(q.addOns ?? []).map((a) => ({
        productCode: a.productCode,
        planCode: a.planCode,
        sku: a.sku,
        name: a.name,
        image: a.image,
        quantity: a.quantity,
        unitPrice: a.unitPrice,
        listTotal: a.total,
        discount: cents(0),
        total: a.total,
        isSrp: false,
        billingPeriodMonths: null,
        renewsInto: null,
        bonus: false,
      })),
    ],
    subtotal: q.subtotal,
    discounts,
    discountTotal: cents(q.discountTotal + q.creditApplied),
    shipping: q.shipping,
    total: q.total,
    preorderMessage: null,
    // A renewal carries no promo code typed by the shopper, so none can fail to apply.
    promoNotApplied: null,
  };
}

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
