import { billingPeriodOf, noticeCoversCharge, nextBillingDates, REMINDER_DAYS_BEFORE } from "../../domain/billing-dates";
import { cents } from "../../domain/money";
import type { PlanCode, PriceList } from "../../domain/plans";
import { customerEmail } from "../modules/customers";
import { findPlan } from "../modules/catalog";
import { sendQueuedEmailsSoon } from "../modules/email";
import { agreePriceIfNew, priceAgreementOf, queuePriceNoticeEmail, queueReminderEmail, recordPriceNotice, recordReminder } from "../modules/renewals";
import { confirmChargeUrl, needsChargeConfirmation, scheduleOf, subscriptionsBilledBetween } from "../modules/subscriptions";
import { dbOf, type Shop } from "../shop";
import { quoteNextCharge } from "./quote-next-charge";
import { renewalLink } from "./renew-subscription";
import { publicOrigin } from "../public-origin";

const DAY_MS = 86_400_000;
const linkOrigin = (shop: Shop) => publicOrigin(shop.env);
/** Price notices look this far ahead, so a notice always has its 7 days before the charge it announces. */
const NOTICE_HORIZON_DAYS = 45;

/**
 * The reminder 3 days before each shipment (SPEC.md section 9): what ships, when and for how much, with signed
 * one-click links to skip this shipment, manage or cancel. One per subscription and period (renewal_reminders).
 */
export async function sendRenewalReminders(shop: Shop, limit = 500): Promise<number> {
  const now = shop.clock.now();
  const db = dbOf(shop);
  let sent = 0;
  for (const sub of await subscriptionsBilledBetween(db, now, new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS), limit)) {
    const period = billingPeriodOf(sub.nextBillingAt);
    const email = await customerEmail(db, sub.customerId);
    if (!email) continue;
    const { quote, plan } = await quoteNextCharge(shop, sub, sub.nextBillingAt);
    const linkDays = REMINDER_DAYS_BEFORE + 1;
    // "Ask me before each charge" (the portal): the reminder carries the signed confirm button, usable without signing in.
    const confirmUrl = (await needsChargeConfirmation(db, sub.id))
      ? await confirmChargeUrl(shop, linkOrigin(shop), { customerId: sub.customerId, subscriptionId: sub.id, billingAt: sub.nextBillingAt.toISOString() })
      : null;
    const queued = await db.transaction(async (tx) => {
      if (!(await recordReminder(tx, sub.id, period, now))) return false;
      await queueReminderEmail(
        tx,
        {
          to: email,
          key: `${sub.id}:${period}`,
          productName: plan.name,
          quantity: sub.quantity,
          amount: quote.total,
          currency: quote.currency,
          country: sub.country,
          chargeAt: sub.nextBillingAt,
          skipUrl: renewalLink(shop, "skip", sub.id, period, linkDays),
          manageUrl: renewalLink(shop, "manage", sub.id, null, 30),
          cancelUrl: renewalLink(shop, "cancel", sub.id, null, 30),
          confirmChargeUrl: confirmUrl,
        },
        now,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) await sendQueuedEmailsSoon(shop);
  return sent;
}

/**
 * Price notices: a subscriber whose plan's list price differs from the price they agreed to gets one email per new
 * price; the new price applies from the first charge at least 7 days after it (ADR 0010). A subscription seen for the
 * first time agrees to the current list price.
 */
export async function sendPriceNotices(shop: Shop, limit = 1000): Promise<number> {
  const now = shop.clock.now();
  const db = dbOf(shop);
  let sent = 0;
  for (const sub of await subscriptionsBilledBetween(db, new Date(0), new Date(now.getTime() + NOTICE_HORIZON_DAYS * DAY_MS), limit)) {
    const plan = await findPlan(shop, sub.renewalPlanCode as PlanCode, sub.priceList as PriceList, sub.currency);
    if (!plan) continue;
    const listPrice = cents(plan.price);
    const agreement = await priceAgreementOf(db, sub.id, listPrice);
    if (!agreement) {
      await agreePriceIfNew(db, sub.id, listPrice, sub.currency, now);
      continue;
    }
    if (agreement.agreedPrice === listPrice || agreement.notice) continue;
    const email = await customerEmail(db, sub.customerId);
    if (!email) continue;
    const firstChargeAt = nextBillingDates(scheduleOf(sub), 24).find((d) => noticeCoversCharge(now, d)) ?? sub.nextBillingAt;
    const queued = await db.transaction(async (tx) => {
      if (!(await recordPriceNotice(tx, sub.id, listPrice, sub.currency, now))) return false;
      await queuePriceNoticeEmail(
        tx,
        {
          to: email,
          key: `${sub.id}:${listPrice}`,
          productName: plan.name,
          quantity: sub.quantity,
          amount: listPrice,
          oldAmount: agreement.agreedPrice,
          currency: sub.currency,
          country: sub.country,
          chargeAt: firstChargeAt,
          firstChargeAt,
          manageUrl: renewalLink(shop, "manage", sub.id, null, 30),
        },
        now,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent > 0) await sendQueuedEmailsSoon(shop);
  return sent;
}
