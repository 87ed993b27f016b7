import type { Address } from "../../../domain/address";
import { advanceSchedule } from "../../../domain/billing-dates";
import { orderNumber } from "../../../domain/orders";
import type { Tx } from "../../db/client";
import { gatewayOf } from "../../integrations/payments";
import { enqueueEmails } from "../../modules/email";
import { recordLedgerEntries, recordLedgerEntry } from "../../modules/ledger";
import { insertOrder, insertOrders } from "../../modules/orders";
import { findOwnPaymentMethod, markCaptured, recordCapturedPayments, recordPayment } from "../../modules/payments";
import { earnOrderPoints, earnOrderPointsMany } from "../../modules/loyalty";
import { agreePrice, agreePrices, consumeRetentionOffer, consumeRetentionOffers, queueReceiptEmail, receiptEmail, recordAttempt, recordPaidAttempts, setRenewalOrders, setRenewalStatus, type RenewalStatus } from "../../modules/renewals";
import { advanceAfterRenewal, advanceAfterRenewals, consumeNextShipmentExtras, scheduleOf } from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { type RenewalOutcome, renewalOrderKey, type Facts } from "./facts";
import { heldAtOf, shipment, orderQuoteOf } from "./quote";
import { charge } from "./charge";

/** Step three, paid: the order, payment, ledger and dates written under the attempt guard, one by one or in a batch (ADR 0029). */

/**
 * Writes a batch of paid renewals in one transaction: the guarded status change (only renewals still at the attempt
 * before move; the others were written by someone else and get nothing more), the attempts, the orders and their
 * lines, the payments, the ledger, the credit and offers consumed, the prices agreed, the dates moved and the receipts.
 */
export async function recordPaidBatch(shop: Shop, list: { f: Facts; chargeId: string | null; card: { brand: string; last4: string; expMonth: number; expYear: number } | null }[]): Promise<Set<string>> {
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

export async function recordPaid(shop: Shop, f: Facts, attempt: number, chargeId: string | null, from: readonly RenewalStatus[]): Promise<RenewalOutcome> {
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
