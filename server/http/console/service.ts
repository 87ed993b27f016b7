import { withoutTrailingSlashes } from "../../../domain/routes";
import { CARRIERS, orderSequenceFrom, type CarrierCode } from "../../../domain/carriers";
import { cents, formatMoney, isCurrency } from "../../../domain/money";
import { can, permissionsOf, type Permission, type StaffRole } from "../../../domain/console-access";
import type { CouponInput } from "../../modules/coupons";
import { ShopError } from "../../../domain/errors";
import { DEFAULT_FLAGS, FLAG_NAMES, operatorFlags, parseFlagOverrides, type FlagName } from "../../../domain/flags";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "../../../domain/keyset";
import { findCoupon, listCoupons, redemptionsOf } from "../../modules/coupons";
import { customerEmailsOf, customerIdsNamed } from "../../modules/customers";
import { emailsWithKeyPrefix, outboxPage, staffSubjectOf, type EmailStatus } from "../../modules/email";
import { customerOfOrder, dailyOrderTotals, orderIdBySequence, orderSummary, renewalConsentOf, searchOrders, shipmentsOfOrder } from "../../modules/orders";
import { storedFlagDefaults } from "../../modules/settings";
import { orderSurveyCounts } from "../../modules/surveys";
import { FOUND_US_QUESTION, FOUND_US_SURVEY } from "../../../domain/found-us";
import { listAudit, listStaff, type AuditEntry, type StaffSession } from "../../modules/staff";
import { findSubscription, scheduleOf, subscriptionHistory, subscriptionStats } from "../../modules/subscriptions";
import { attemptsOf, dailyRenewalOutcomes, renewalsOfSubscription } from "../../modules/renewals";
import { ledgerOf } from "../../modules/ledger";
import { nextBillingDates } from "../../../domain/billing-dates";
import { previewNextCharge } from "../../workflows/quote-next-charge";
import { moneyOfOrders, paymentsOfOrder, refundableOf, refundsOfOrder } from "../../modules/payments";
import { orderStatusShown } from "../../../domain/order-status";
import { reviewQueue } from "../../modules/referrals";
import { dbOf, type Shop } from "../../shop";
import { contentService } from "./content-service";
import { mediaService } from "./media-service";
import { productProfileService } from "./product-profile-service";
import { experimentsService } from "./service-experiments";
import { reviewsService } from "./service-reviews";
import { privacyService } from "./service-privacy";
import { figuresService } from "./service-figures";
import { customersService } from "./service-customers";
import { CSV_LISTS, listAsCsv, type CsvFilter, type CsvListName } from "./csv-exports";
import {
  createCouponAction,
  decideReferralAction,
  editFraudStatus,
  inviteStaff,
  openEmailAction,
  requeueEmailAction,
  resendEmailAction,
  resendConfirmation,
  revokeSessionOfCustomer,
  setFlagAction,
  cancelSubscriptionAction,
  chargeRenewalNowAction,
  pauseSubscriptionAction,
  refundOrderPayment,
  previewRefund,
  shipOrder,
  skipNextAction,
  updateCouponAction,
  consoleAction,
  type ConsoleActor,
} from "../../workflows/console";


/** A page of a keyset-paged list: the rows and the cursor of the next page (null on the last page). */
export interface Page<T> {
  rows: T[];
  next: string | null;
}

function paged<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  return { rows, next: rows.length === limit ? cursorOf(rows[rows.length - 1]!) : null };
}

const auditView = (e: AuditEntry) => ({
  id: e.id,
  staffEmail: e.staffEmail,
  action: e.action,
  targetType: e.targetType,
  targetId: e.targetId,
  before: e.before,
  after: e.after,
  createdAt: e.createdAt.toISOString(),
});

/**
 * What the console can read and do, for one signed-in member of staff. The API handlers (server/http/console/) and the
 * console pages' load context (server/http/context/console.ts) both call this, so a page and its endpoint check the
 * same permission: every method starts with `allow`.
 */
export function consoleService(shop: Shop, staff: StaffSession, requestId?: string) {
  const db = dbOf(shop);
  const actor: ConsoleActor = { staffId: staff.id, email: staff.email, role: staff.role, requestId };
  const allow = (permission: Permission) => {
    if (!can(staff.role, permission)) throw new ShopError("FORBIDDEN", "Your role does not allow this.");
  };
  const orderIdOf = async (number: string) => {
    const sequence = orderSequenceFrom(number);
    const id = sequence === null ? null : await orderIdBySequence(db, sequence);
    if (!id) throw new ShopError("NOT_FOUND", "There is no such order.");
    return id;
  };

  return {
    staff: { email: staff.email, role: staff.role as StaffRole, permissions: permissionsOf(staff.role) },
    ...experimentsService(shop, actor, allow),
    ...privacyService(shop, actor, allow),
    ...reviewsService(shop, actor, allow),
    ...figuresService(shop, allow),
    ...customersService(shop, actor, allow),

    /** Content pages: list, edit with preview, publish, history and restore (content-service.ts). */
    content: contentService(shop, staff, allow, requestId),
    /** Product profiles: gallery, supplement facts and reassurance row (product-profile-service.ts, ADR 0069). */
    productProfiles: productProfileService(shop, actor, allow),

    /** The media library: list, upload, alt text (media-service.ts). */
    media: mediaService(shop, actor, allow),

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

    /** The subscription with its renewals and their attempts, the next billing dates, the next charge and its timeline. */
    async subscription(id: string, input: { dates?: number } = {}) {
      allow("subscriptions.read");
      const sub = /^[0-9a-f-]{36}$/i.test(id) ? await findSubscription(db, id) : null;
      if (!sub) throw new ShopError("NOT_FOUND", "There is no such subscription.");
      const [emails, renewalRows, history, ledger, actions] = await Promise.all([
        customerEmailsOf(db, [sub.customerId]),
        renewalsOfSubscription(db, sub.id),
        subscriptionHistory(db, sub.id),
        ledgerOf(db, sub.id),
        listAudit(db, { limit: 100, target: { type: "subscription", id: sub.id } }),
      ]);
      const recent = renewalRows.slice(-24);
      const attempts = await Promise.all(recent.map((r) => attemptsOf(db, r.id)));
      const renewalsView = recent.map((r, i) => ({
        id: r.id,
        period: r.period,
        status: r.status,
        amount: r.amount,
        currency: r.currency,
        attempts: attempts[i]!.map((a) => ({ number: a.number, outcome: a.outcome, declineCode: a.declineCode, amount: a.amount, at: a.at.toISOString() })),
        nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
        orderId: r.orderId,
      }));
      const canceled = sub.status === "canceled";
      const count = Math.min(Math.max(Math.trunc(input.dates ?? 6), 1), 24);
      const nextDates = canceled ? [] : nextBillingDates(scheduleOf(sub), count).map((d) => d.toISOString());
      let nextCharge: { total: number; currency: string; planName: string } | null = null;
      if (!canceled) {
        try {
          const { quote, plan } = await previewNextCharge(shop, sub.id);
          nextCharge = { total: quote.total, currency: quote.currency, planName: plan.name };
        } catch (error) {
          shop.log.warn({ err: error, subscriptionId: sub.id }, "the console could not price the next charge");
        }
      }
      const timeline = [
        { at: sub.createdAt.toISOString(), what: "Subscription created" },
        ...history.changes.map((c) => ({ at: c.changedAt.toISOString(), what: `Changed: ${c.action}${c.detail ? ` (${c.detail})` : ""}` })),
        ...renewalsView.flatMap((r) => r.attempts.map((a) => ({ at: a.at, what: `Renewal ${r.period}, attempt ${a.number}: ${a.outcome}${a.declineCode ? ` (${a.declineCode})` : ""}` }))),
        ...history.cancellations.flatMap((c) => [
          { at: c.canceledAt.toISOString(), what: `Cancelled (${c.via})${c.reasonText ? `: ${c.reasonText}` : ""}` },
          ...(c.reactivatedAt ? [{ at: c.reactivatedAt.toISOString(), what: "Reactivated" }] : []),
        ]),
        ...actions.map((a) => ({ at: a.createdAt.toISOString(), what: `${a.staffEmail} did ${a.action}${(a.after as { reason?: string } | null)?.reason ? `: ${(a.after as { reason: string }).reason}` : ""}` })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return {
        subscription: {
          id: sub.id,
          customerId: sub.customerId,
          email: emails.get(sub.customerId) ?? "",
          productCode: sub.productCode,
          planCode: sub.planCode,
          renewalPlanCode: sub.renewalPlanCode,
          quantity: sub.quantity,
          billingPeriodMonths: sub.billingPeriodMonths,
          status: sub.status,
          currency: sub.currency,
          country: sub.country,
          nextBillingAt: sub.nextBillingAt.toISOString(),
          canceledAt: sub.canceledAt?.toISOString() ?? null,
          cancelReason: sub.cancelReason,
          createdAt: sub.createdAt.toISOString(),
        },
        due: !canceled && sub.nextBillingAt <= shop.clock.now(),
        nextDates,
        nextCharge,
        renewals: renewalsView,
        ledger: ledger.map((l) => ({ kind: l.kind, amount: l.amount, creditAmount: l.creditAmount, currency: l.currency, createdAt: l.createdAt.toISOString() })),
        timeline,
      };
    },

    async chargeRenewalNow(id: string, reason: string) {
      allow("subscriptions.charge");
      return chargeRenewalNowAction(shop, actor, { subscriptionId: id, reason });
    },

    async pauseSubscription(id: string, months: 1 | 2, reason: string) {
      allow("subscriptions.edit");
      return pauseSubscriptionAction(shop, actor, { subscriptionId: id, months, reason });
    },

    async skipNextShipment(id: string, reason: string) {
      allow("subscriptions.edit");
      return skipNextAction(shop, actor, { subscriptionId: id, reason });
    },

    async cancelSubscription(id: string, reason: string, origin: string, confirmation?: string) {
      allow("subscriptions.edit");
      return cancelSubscriptionAction(shop, actor, { subscriptionId: id, reason, origin, confirmation });
    },

    /**
     * The dashboard over the last `days` whole UTC days (today included): orders and revenue per day by currency (gross:
     * order totals of paid and later refunded orders), subscriptions by status, renewal attempts succeeded and failed
     * per day, and churn (cancelled in the window ÷ running when it opened).
     */
    async dashboard(input: { days?: number } = {}) {
      allow("dashboard.read");
      const days = Math.min(Math.max(Math.trunc(input.days ?? 30), 7), 90);
      const now = shop.clock.now();
      const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      const from = new Date(until.getTime() - days * 86_400_000);
      const [orderDays, renewalDays, subs] = await Promise.all([dailyOrderTotals(db, from, until), dailyRenewalOutcomes(db, from, until), subscriptionStats(db, from, until)]);
      const dayList = Array.from({ length: days }, (_, i) => new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10));
      const currencies = [...new Set(orderDays.map((r) => r.currency))].sort();
      const revenue = currencies.map((currency) => {
        const byDay = new Map(orderDays.filter((r) => r.currency === currency).map((r) => [r.day, r]));
        const points = dayList.map((day) => ({ day, orders: byDay.get(day)?.orders ?? 0, total: byDay.get(day)?.total ?? 0 }));
        return { currency, orders: points.reduce((n, p) => n + p.orders, 0), total: points.reduce((n, p) => n + p.total, 0), points };
      });
      const renewalByDay = new Map(renewalDays.map((r) => [r.day, r]));
      const renewals = dayList.map((day) => ({ day, succeeded: renewalByDay.get(day)?.succeeded ?? 0, failed: renewalByDay.get(day)?.failed ?? 0 }));
      const canceledByDay = new Map(subs.canceledPerDay.map((r) => [r.day, r.canceled]));
      return {
        from: from.toISOString(),
        until: until.toISOString(),
        days: dayList,
        revenue,
        renewals,
        renewalTotals: { succeeded: renewals.reduce((n, r) => n + r.succeeded, 0), failed: renewals.reduce((n, r) => n + r.failed, 0) },
        subscriptions: {
          active: subs.byStatus.active ?? 0,
          pastDue: subs.byStatus.past_due ?? 0,
          canceled: subs.byStatus.canceled ?? 0,
          startedInWindow: subs.started,
          canceledInWindow: subs.canceled,
          activeAtStart: subs.activeAtStart,
          churnRate: subs.activeAtStart > 0 ? subs.canceled / subs.activeAtStart : null,
          canceledPerDay: dayList.map((day) => ({ day, canceled: canceledByDay.get(day) ?? 0 })),
        },
      };
    },

    /** A whole list as CSV, with the list's filters (csv-exports.ts); the export is on the audit record. */
    async exportCsv(name: CsvListName, filter: CsvFilter) {
      const permission = CSV_LISTS[name].permission;
      allow(permission);
      const { csv, rows } = await listAsCsv(this, name, filter);
      const target = filter.q?.trim() || filter.email?.trim() || filter.status || "all";
      await consoleAction(shop, actor, permission, async () => ({ result: undefined, audit: { targetType: name, targetId: target, before: null, after: { rows } } }));
      return csv;
    },

    async revokeCustomerSession(customerId: string, sessionId: string) {
      allow("customers.revoke-session");
      await revokeSessionOfCustomer(shop, actor, { customerId, sessionId });
    },

    async setFraudStatus(customerId: string, status: string | null) {
      allow("customers.edit-fraud-status");
      await editFraudStatus(shop, actor, { customerId, status });
    },

    /** Referrals held for review (self-referral signals, the monthly cap), oldest first. */
    async referralQueue() {
      allow("referrals.review");
      const rows = await reviewQueue(db, 100);
      return rows.map((r) => ({ id: r.id, referrerId: r.referrerId, friendId: r.friendId, orderId: r.orderId, flags: r.flags, createdAt: r.createdAt.toISOString(), rewardDueAt: r.rewardDueAt.toISOString() }));
    },

    async decideReferral(id: string, decision: "approve" | "reject") {
      allow("referrals.review");
      return decideReferralAction(shop, actor, { id, decision });
    },

    async coupons(input: { after?: string; limit?: number }) {
      allow("coupons.read");
      const limit = pageSize(input.limit);
      return paged(await listCoupons(db, { after: input.after || undefined, limit }), limit, (row) => row.code);
    },

    async coupon(code: string, input: { before?: string; limit?: number } = {}) {
      allow("coupons.read");
      const found = await findCoupon(db, code);
      if (!found) throw new ShopError("NOT_FOUND", "There is no such coupon.");
      const limit = pageSize(input.limit);
      const cursor = decodeTimeIdCursor(input.before);
      const redemptions = await redemptionsOf(db, code, { before: cursor && { createdAt: cursor.at, id: cursor.id }, limit });
      return { coupon: found.coupon, timesRedeemed: found.timesRedeemed, redemptions: paged(redemptions, limit, encodeTimeIdCursor) };
    },

    async createCoupon(code: string, input: CouponInput) {
      allow("coupons.edit");
      return createCouponAction(shop, actor, code, input);
    },

    async updateCoupon(code: string, input: CouponInput) {
      allow("coupons.edit");
      return updateCouponAction(shop, actor, code, input);
    },

    async emails(input: { status?: EmailStatus; before?: string; limit?: number }) {
      allow("emails.read");
      const limit = pageSize(input.limit);
      const cursor = decodeTimeIdCursor(input.before);
      const rows = await outboxPage(db, { status: input.status, before: cursor && { createdAt: cursor.at, id: cursor.id }, limit });
      const view = rows.map((m) => ({
        id: m.id,
        to: m.to,
        // Never the stored subject: a sign-in code's is the code (ADR 0055).
        subject: staffSubjectOf(m),
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }));
      return paged(view, limit, encodeTimeIdCursor);
    },

    async requeueEmail(id: string) {
      allow("emails.requeue");
      await requeueEmailAction(shop, actor, id);
    },

    /** One email as staff may see it (secrets hidden, ADR 0055); opening it is on the audit record. */
    async email(id: string) {
      allow("emails.read");
      const m = await openEmailAction(shop, actor, id);
      return { ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null };
    },

    /** Sends an email again to its recipient without showing it: a fresh code or link for sign-in emails. */
    async resendEmail(id: string, requestKey?: string) {
      allow("emails.resend");
      return resendEmailAction(shop, actor, { emailId: id, requestKey });
    },

    /** Each flag: the built-in default, FEATURE_FLAGS, the console's setting, and what pages use. */
    async flags() {
      allow("flags.read");
      const stored = await storedFlagDefaults(db);
      const fromEnv = parseFlagOverrides(shop.env.FEATURE_FLAGS);
      const effective = operatorFlags(shop.env.FEATURE_FLAGS, stored);
      return FLAG_NAMES.map((name) => ({ name, builtIn: DEFAULT_FLAGS[name], env: fromEnv[name] ?? null, console: stored[name] ?? null, effective: effective[name] }));
    },

    /** What data-multiselect-experiment-checkout's question has gathered: orders answered, and each option's count. */
    async foundUsAnswers() {
      allow("flags.read");
      const counts = await orderSurveyCounts(db, FOUND_US_SURVEY, FOUND_US_QUESTION.id);
      return { answers: counts.answers, options: FOUND_US_QUESTION.options.map((o) => ({ label: o.label, orders: counts.byOption[o.id] ?? 0 })) };
    },

    async setFlag(name: FlagName, enabled: boolean) {
      allow("flags.edit");
      await setFlagAction(shop, actor, name, enabled);
    },

    async audit(input: { before?: string; limit?: number }) {
      allow("audit.read");
      const limit = pageSize(input.limit);
      const before = input.before && /^\d{1,15}$/.test(input.before) ? Number(input.before) : undefined;
      const rows = (await listAudit(db, { before, limit })).map(auditView);
      return paged(rows, limit, (row) => String(row.id));
    },

    async staffList() {
      allow("staff.read");
      return (await listStaff(shop)).map((s) => ({ ...s, createdAt: s.createdAt.toISOString() }));
    },

    async inviteStaff(input: { email: string; role: StaffRole }, baseUrl: string) {
      allow("staff.invite");
      const setup = await inviteStaff(shop, actor, input);
      return { email: setup.staff.email, role: setup.staff.role, setupUrl: setupUrl(baseUrl, setup.setupToken), expiresAt: setup.expiresAt.toISOString() };
    },
  };
}

export type ConsoleService = ReturnType<typeof consoleService>;

export const setupUrl = (baseUrl: string, token: string) => `${withoutTrailingSlashes(baseUrl)}/console/setup?token=${encodeURIComponent(token)}`;
