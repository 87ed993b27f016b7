import type { Address } from "../../domain/address";
import { advanceSchedule, billingPeriodOf } from "../../domain/billing-dates";
import { classifyDecline, GRACE_DAYS, nextDunningStep } from "../../domain/dunning";
import { ShopError } from "../../domain/errors";
import { cents, type Currency } from "../../domain/money";
import { orderNumber } from "../../domain/orders";
import type { PlanView } from "../../domain/plans";
import type { Quote } from "../../domain/quote";
import type { RenewalQuote } from "../../domain/renewal-quote";
import { ROUTES } from "../../domain/routes";
import type { Tx } from "../db/client";
import { gatewayOf } from "../integrations/payments";
import type { ChargeResult } from "../integrations/payments/gateway";
import { signLink, type LinkPurpose } from "../lib/signed-links";
import { customerEmail } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { recordLedgerEntry } from "../modules/ledger";
import { earnOrderPoints, holdRenewalCredit } from "../modules/loyalty";
import { insertOrder } from "../modules/orders";
import { findOwnPaymentMethod, markCaptured, recordPayment } from "../modules/payments";
import {
  agreePrice,
  claimDueRenewals,
  consumeRetentionOffer,
  expiredWaits,
  findRenewal,
  findRenewalOfPeriod,
  freezeQuote,
  openRenewalOf,
  queueActionNeededEmail,
  queueCanceledEmail,
  queueDeclinedEmail,
  queueReceiptEmail,
  recordAttempt,
  RENEWAL_LEASE_MS,
  setRenewalStatus,
  type RenewalRow,
  type RenewalStatus,
} from "../modules/renewals";
import { advanceAfterRenewal, cancelSubscription, findSubscription, markPastDue, scheduleOf, setSubscriptionPaymentMethod, type SubscriptionRow } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { quoteNextCharge } from "./quote-next-charge";

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
  const base = (shop.env.PUBLIC_URL ?? `http://localhost:${shop.env.PORT}`).replace(/\/$/, "");
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
  const db = dbOf(shop);
  const now = shop.clock.now();
  let renewal = await findRenewal(db, renewalId);
  if (!renewal || renewal.status !== "pending") return "skipped";
  const sub = await findSubscription(db, renewal.subscriptionId);
  // The subscription was cancelled or its date moved before we charged: this period is no longer owed.
  if (!sub || sub.status === "canceled" || (renewal.attempts === 0 && sub.nextBillingAt.getTime() !== renewal.dueAt.getTime())) {
    await db.transaction((tx) => setRenewalStatus(tx, renewalId, ["pending"], { status: "canceled", leaseUntil: null }, now));
    return "canceled";
  }
  const { quote: fresh, plan } = await quoteNextCharge(shop, sub, now);
  // Referral and points credit is taken before the charge (ADR 0036); a frozen quote keeps the credit it held.
  const priced = renewal.quote === null ? await holdRenewalCredit(db, { renewalId, customerId: sub.customerId, quote: fresh, now }) : fresh;
  renewal = await freezeQuote(db, renewalId, priced, now);
  const quote = renewal.quote as RenewalQuote;
  const email = (await customerEmail(db, sub.customerId)) ?? "";
  const facts: Facts = { renewal, sub, email, quote, plan };
  const attempt = renewal.attempts + 1;
  const result = await charge(shop, facts, attempt);
  return recordOutcome(shop, facts, attempt, result, ["pending"]);
}

async function charge(shop: Shop, f: Facts, attempt: number): Promise<ChargeResult | { status: "free" } | { status: "no_card" }> {
  if (f.quote.total === 0) return { status: "free" };
  const methodId = f.renewal.paymentMethodId ?? f.sub.paymentMethodId;
  const method = methodId ? await findOwnPaymentMethod(dbOf(shop), methodId, f.sub.customerId) : null;
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
  await sendQueuedEmailsSoon(shop);
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
    });
    await setRenewalStatus(tx, renewal.id, ["paid"], { orderId: order.id }, now);
    await earnOrderPoints(tx, { customerId: sub.customerId, orderId: order.id, amount: quote.total, now });
    await recordMoney(tx, f, chargeId, gateway, now);
    const card = await findOwnPaymentMethod(tx, (renewal.paymentMethodId ?? sub.paymentMethodId)!, sub.customerId).catch(() => null);
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
    const next = advanceSchedule(scheduleOf({ ...sub, nextBillingAt: renewal.dueAt }));
    if (!(await advanceAfterRenewal(tx, sub.id, renewal.dueAt, next))) shop.log.warn({ subscriptionId: sub.id, period: renewal.period }, "a renewal was paid after its date moved");
    if (f.email) {
      await queueReceiptEmail(tx, { ...shipment(f, now), key: renewal.id, orderNumber: orderNumber(order.number), nextBillingAt: next.nextBillingAt }, now);
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

async function cancelForNonPayment(shop: Shop, tx: Tx, f: Pick<Facts, "sub" | "email" | "plan" | "renewal">, now: Date): Promise<void> {
  if (!(await cancelSubscription(tx, f.sub.id, "payment_failed", now))) return;
  if (f.email) {
    await queueCanceledEmail(tx, { to: f.email, key: f.renewal.id, productName: f.plan.name, reactivateUrl: renewalLink(shop, "manage", f.sub.id, null, 90) }, now);
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
  /** Renewals claimed per statement. */
  batch?: number;
  /** Renewals worked at once by this process (each holds at most one database connection at a time). */
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
 * Claims due renewals in batches and works them with bounded concurrency and a rate limit, until none is due or the
 * time budget is spent. Every worker process runs this; SKIP LOCKED and leases keep them off each other's renewals.
 */
export async function drainDueRenewals(shop: Shop, options: DrainOptions = {}): Promise<DrainReport> {
  const batch = options.batch ?? 50;
  const concurrency = options.concurrency ?? 4;
  const rate = options.ratePerSecond ?? 200;
  const budgetMs = options.budgetMs ?? 50_000;
  const started = performance.now();
  const report: DrainReport = { claimed: 0, outcomes: {}, failed: 0 };
  while (performance.now() - started < budgetMs) {
    const ids = await claimDueRenewals(dbOf(shop), shop.clock.now(), batch);
    if (ids.length === 0) break;
    report.claimed += ids.length;
    await workPaced(ids, concurrency, rate, started, report.claimed - ids.length, async (id) => {
      try {
        const outcome = await renewSubscription(shop, id);
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        // The lease runs out and the next sweep retries with the same keys.
        report.failed += 1;
        shop.log.error({ err: error, renewalId: id }, "renewal failed; it will be retried after its lease");
      }
    });
  }
  await expireWaitingRenewals(shop);
  return report;
}

/** Runs `work` over ids, `concurrency` at a time, starting no more than `rate` per second since `started`. */
async function workPaced(ids: string[], concurrency: number, rate: number, started: number, before: number, work: (id: string) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const index = next++;
      const due = started + ((before + index) * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await work(ids[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, lane));
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
