import { type Permission } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { customerEmailsOf } from "../../modules/customers";
import { listAudit } from "../../modules/staff";
import { findSubscription, scheduleOf, subscriptionHistory } from "../../modules/subscriptions";
import { attemptsOf, renewalsOfSubscription } from "../../modules/renewals";
import { ledgerOf } from "../../modules/ledger";
import { nextBillingDates } from "../../../domain/billing-dates";
import { previewNextCharge } from "../../workflows/quote-next-charge";
import { dbOf, type Shop } from "../../shop";
import { cancelSubscriptionAction, chargeRenewalNowAction, pauseSubscriptionAction, skipNextAction, type ConsoleActor } from "../../workflows/console";

/** The console's subscriptions: the subscription page, skip, pause, charge now, cancel. Part of consoleService. */
export function subscriptionsService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
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
  };
}
