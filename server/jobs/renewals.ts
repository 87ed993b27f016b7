import type PgBoss from "pg-boss";
import { scheduleLeased } from "./job-lease";
import { PERIODIC_QUEUE, SWEEP_QUEUE } from "./queue-times";
import { PAYMENT_EVENTS } from "../modules/payment-events";
import { processPaymentEvents } from "../workflows/process-payment-events";
import { reconcileLedger } from "../workflows/reconcile-ledger";
import { drainDueRenewals } from "../workflows/renew-subscription";
import { sendPriceNotices, sendRenewalReminders } from "../workflows/send-renewal-reminders";
import type { Shop } from "../shop";

/** The renewal engine's jobs: thin handlers, the work is in the workflows. */
export const RENEW_DUE = "renew-due";
/** Every minute: a backlog drains across sweeps at the engine's steady rate. */
export const RENEW_DUE_CRON = "* * * * *";
export const RENEWAL_REMINDERS = "renewal-reminders";
export const RENEWAL_REMINDERS_CRON = "17 * * * *";
export const RECONCILE_LEDGER = "reconcile-ledger";
/** Nightly, after the busiest renewal hour (midnight UTC). */
export const RECONCILE_LEDGER_CRON = "30 3 * * *";

export async function registerRenewalJobs(boss: PgBoss, shop: Shop): Promise<Record<string, string>> {
  const workers: Record<string, string> = {};
  const jobs: [string, string, () => Promise<unknown>][] = [
    [RENEW_DUE, RENEW_DUE_CRON, () => drainDueRenewals(shop, { ratePerSecond: shop.env.RENEWALS_PER_SECOND, concurrency: shop.env.RENEWAL_CONCURRENCY, budgetMs: 55_000 })],
    [RENEWAL_REMINDERS, RENEWAL_REMINDERS_CRON, async () => ({ reminders: await sendRenewalReminders(shop), notices: await sendPriceNotices(shop) })],
    [RECONCILE_LEDGER, RECONCILE_LEDGER_CRON, () => reconcileLedger(shop)],
    // Webhook events are worked when the webhook asks, and swept every minute in case a nudge was lost.
    [PAYMENT_EVENTS, "* * * * *", () => processPaymentEvents(shop)],
  ];
  for (const [name, cron, run] of jobs) {
    workers[name] = await scheduleLeased(boss, shop, name, cron, cron.startsWith("* ") ? SWEEP_QUEUE : PERIODIC_QUEUE, run);
  }
  return workers;
}
