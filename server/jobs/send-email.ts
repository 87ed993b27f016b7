import type PgBoss from "pg-boss";
import { attachEmailSender, SEND_EMAIL, startEmailSender, type EmailSender } from "../modules/email";
import type { Shop } from "../shop";

/**
 * The outbox's sender (ADR 0051): loops in every worker that claim and send due emails, not a pg-boss job, so a worker
 * killed mid-send blocks nothing. A database that still has the old "stately" send-email queue and its minute schedule
 * loses them here (its jobs would pile up with nobody to work them).
 */
export async function registerEmailSender(boss: PgBoss, shop: Shop): Promise<EmailSender> {
  await boss.unschedule(SEND_EMAIL).catch(() => {});
  if (await boss.getQueue(SEND_EMAIL).catch(() => null)) await boss.deleteQueue(SEND_EMAIL).catch(() => {});
  // On PGlite everything runs in this process, so wake-ups reach the sender directly and polling can be rare; on
  // PostgreSQL the poll also finds a dead worker's rows once their lease ends (CLAIM_LEASE_MS).
  const pollMs = shop.database.kind === "pglite" ? 30_000 : 2_000;
  const sender = await startEmailSender(shop, { concurrency: shop.env.EMAIL_SENDERS, pollMs });
  const detach = attachEmailSender(shop.database, sender);
  return {
    wake: sender.wake,
    async stop() {
      detach();
      await sender.stop();
    },
  };
}
