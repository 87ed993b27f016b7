import type PgBoss from "pg-boss";
import { attachEmailWorker, SEND_EMAIL, sendDueEmails } from "../modules/email";
import type { Shop } from "../shop";

export { SEND_EMAIL };
/** The sweep: every minute, whatever is queued and due (new emails whose nudge was lost, retries after backoff). */
export const SEND_EMAIL_CRON = "* * * * *";

/**
 * The send-email queue: one job sends every due email of the outbox (modules/email/send.ts), so retries and
 * backoff live on the outbox rows, not on jobs. "stately" keeps at most one waiting and one running job,
 * so nudges from many orders and the minute sweep collapse into one send.
 */
export async function registerSendEmail(boss: PgBoss, shop: Shop): Promise<string> {
  await boss.createQueue(SEND_EMAIL, { name: SEND_EMAIL, policy: "stately" });
  await boss.schedule(SEND_EMAIL, SEND_EMAIL_CRON, {}, { tz: "UTC" });
  // On PGlite everything runs in this process, so nudges wake the worker directly and polling can be rare;
  // a web process on PostgreSQL may nudge a worker elsewhere, which then finds the job within seconds.
  const pollingIntervalSeconds = shop.database.kind === "pglite" ? 30 : 5;
  const workerId = await boss.work(SEND_EMAIL, { pollingIntervalSeconds }, async () => {
    await sendDueEmails(shop);
  });
  const detach = attachEmailWorker(shop.database, boss, workerId);
  boss.once("stopped", detach);
  return workerId;
}
