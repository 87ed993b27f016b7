import { CARRIERS, orderSequenceFrom, type CarrierCode } from "../../../domain/carriers";
import { cents, formatMoney, isCurrency } from "../../../domain/money";
import { type Permission } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { pageSize } from "../../../domain/keyset";
import { customerIdsNamed } from "../../modules/customers";
import { emailsWithKeyPrefix, staffSubjectOf } from "../../modules/email";
import { customerOfOrder, orderIdBySequence, orderSummary, renewalConsentOf, searchOrders, shipmentsOfOrder } from "../../modules/orders";
import { listAudit } from "../../modules/staff";
import { moneyOfOrders, paymentsOfOrder, refundableOf, refundsOfOrder } from "../../modules/payments";
import { orderStatusShown } from "../../../domain/order-status";
import { dbOf, type Shop } from "../../shop";
import { resendConfirmation, refundOrderPayment, previewRefund, shipOrder, type ConsoleActor } from "../../workflows/console";
import { paged } from "./service-paging";

/** The console's orders (ADR 0023): search, the order page, shipping, the confirmation again, refunds. Part of consoleService. */
export function ordersService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  const orderIdOf = async (number: string) => {
    const sequence = orderSequenceFrom(number);
    const id = sequence === null ? null : await orderIdBySequence(db, sequence);
    if (!id) throw new ShopError("NOT_FOUND", "There is no such order.");
    return id;
  };
  return {
    /** Search by order number, email or name; newest first; `before` is the cursor of the previous page. */
    async orders(input: { q?: string; before?: string; limit?: number }) {
      allow("orders.read");
      const limit = pageSize(input.limit);
      const q = input.q?.trim() ?? "";
      const before = input.before ? orderSequenceFrom(input.before) ?? undefined : undefined;
      const sequence = q ? orderSequenceFrom(q) : null;
      const rows =
        sequence !== null
          ? await searchOrders(db, { sequence, limit })
          : q.includes("@")
            ? await searchOrders(db, { email: q.toLowerCase(), before, limit })
            : q
              ? await searchOrders(db, { customerIds: await customerIdsNamed(db, q), before, limit })
              : await searchOrders(db, { before, limit });
      // The status staff see follows the money: partially refunded, refunded (domain/order-status.ts).
      const money = await moneyOfOrders(db, rows.map((r) => r.id));
      const shown = rows.map((r) => ({ ...r, status: orderStatusShown({ status: r.status, ...money.get(r.id)! }) }));
      return paged(shown, limit, (row) => row.number);
    },

    /** The order with its lines, payment, shipments, emails and timeline. */
    async order(number: string) {
      allow("orders.read");
      const id = await orderIdOf(number);
      const [summary, customerId, shipments, confirmation, paymentRows, refundRows, consent] = await Promise.all([
        orderSummary(db, id),
        customerOfOrder(db, id),
        shipmentsOfOrder(db, id),
        emailsWithKeyPrefix(db, `order-confirmation:${id}`),
        paymentsOfOrder(db, id),
        refundsOfOrder(db, id),
        renewalConsentOf(db, id),
      ]);
      if (!summary || !customerId) throw new ShopError("NOT_FOUND", "There is no such order.");
      const [shippedEmails, refundEmails, actions] = await Promise.all([
        Promise.all(shipments.map((s) => emailsWithKeyPrefix(db, `order-shipped:${s.id}`))).then((lists) => lists.flat()),
        Promise.all(refundRows.map((r) => emailsWithKeyPrefix(db, `order-refunded:${r.id}`))).then((lists) => lists.flat()),
        // What staff did to this order is part of its timeline (the full log is the owner's audit page).
        listAudit(db, { limit: 100, target: { type: "order", id: summary.number } }),
      ]);
      const emails = [...confirmation, ...shippedEmails, ...refundEmails].map((m) => ({
        id: m.id,
        to: m.to,
        // Never the stored subject: a sign-in code's is the code (ADR 0055).
        subject: staffSubjectOf(m),
        template: m.template,
        status: m.status,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }));
      const timeline = [
        { at: summary.createdAt, what: `Order placed and paid (${summary.payment.brand} ending ${summary.payment.last4 || "n/a"})` },
        ...emails.map((m) => ({ at: m.createdAt, what: `Email "${m.subject}" queued${m.sentAt ? ", sent" : m.status === "failed" ? ", failed" : ""}` })),
        ...shipments.map((s) => ({ at: s.shippedAt, what: `Shipped with ${CARRIERS[s.carrier as CarrierCode]?.label ?? s.carrier}, tracking ${s.trackingNumber}` })),
        ...refundRows.map((r) => ({ at: r.createdAt.toISOString(), what: `Refund of ${isCurrency(r.currency) ? formatMoney({ amount: cents(r.amount), currency: r.currency }) : `${r.amount} ${r.currency}`} (${r.status}) by ${r.staffEmail}: ${r.reason}` })),
        ...actions.map((a) => ({ at: a.createdAt.toISOString(), what: `${a.staffEmail} did ${a.action}` })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      const paymentsView = paymentRows.map((p) => ({
        id: p.id,
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        refunded: p.refundedAmount,
        refundable: refundableOf(p),
        brand: p.brand,
        last4: p.last4,
        createdAt: p.createdAt.toISOString(),
      }));
      const refunds = refundRows.map((r) => ({ id: r.id, paymentId: r.paymentId, amount: r.amount, currency: r.currency, status: r.status, reason: r.reason, staffEmail: r.staffEmail, failure: r.failure, createdAt: r.createdAt.toISOString() }));
      // The shopper's consent to automatic renewal, as the order recorded it (ADR 0063); null before migration 0029.
      const renewalConsent = consent ? { at: consent.at.toISOString(), termsVersion: consent.termsVersion } : null;
      const status = orderStatusShown({
        status: summary.status,
        paid: paymentRows.filter((p) => p.status === "captured" || p.status === "refunded").reduce((n, p) => n + p.amount, 0),
        refunded: refundRows.filter((r) => r.status === "succeeded").reduce((n, r) => n + r.amount, 0),
      });
      return { order: { ...summary, status }, customerId, shipments, emails, timeline, payments: paymentsView, refunds, renewalConsent };
    },

    async shipOrder(number: string, input: { carrier: CarrierCode; trackingNumber: string }) {
      allow("orders.ship");
      return shipOrder(shop, actor, { orderId: await orderIdOf(number), ...input });
    },

    async resendConfirmation(number: string, requestKey?: string) {
      allow("orders.resend-confirmation");
      return resendConfirmation(shop, actor, { orderId: await orderIdOf(number), requestKey });
    },

    /** A full (`full`) or partial (`amount`, minor units) refund of the order's payment; `idempotencyKey` makes it once. */
    async refundOrder(number: string, input: { paymentId?: string; amount?: number; full?: boolean; reason: string; idempotencyKey: string; confirmedAmount?: number; confirmation?: string }) {
      allow("orders.refund");
      return refundOrderPayment(shop, actor, { orderId: await orderIdOf(number), ...input });
    },

    /** What a refund would do (amount, the customer's email, points and credit, referral): the confirmation's contents. */
    async refundPreview(number: string, input: { paymentId?: string; amount?: number; full?: boolean }) {
      allow("orders.refund");
      return previewRefund(shop, { orderId: await orderIdOf(number), ...input });
    },
  };
}
