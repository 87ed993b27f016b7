import type { DatabaseHandle } from "../../db/client";
import type { Shop } from "../../shop";
import { EMAIL_QUEUED_CHANNEL, type EmailSender } from "./sender";

/**
 * The pg-boss queue that once sent the outbox (a "stately" job). Gone since ADR 0051; the name stays so a worker's start
 * can remove its schedule and queue from a database that still has them.
 */
export const SEND_EMAIL = "send-email";

/** The running email sender of this process, per database (tests open many shops in one process). */
const senders = new WeakMap<DatabaseHandle, EmailSender>();

/** Called by the job registration: lets sendQueuedEmailsSoon wake this process's sender directly. */
export function attachEmailSender(database: DatabaseHandle, sender: EmailSender): () => void {
  senders.set(database, sender);
  return () => {
    if (senders.get(database) === sender) senders.delete(database);
  };
}

/**
 * Asks for the outbox to be sent now rather than at the senders' next poll. Call it AFTER the transaction that queued the
 * email commits; it never throws and need not be awaited. This process's sender is woken directly; a process without
 * one (a web process with JOBS=off) announces EMAIL_QUEUED_CHANNEL, which wakes every worker's sender. It is only a
 * shortcut: an email whose wake-up is lost is still found by the next poll. Without SMTP_URL it does nothing.
 */
export async function sendQueuedEmailsSoon(shop: Shop): Promise<void> {
  if (!shop.env.SMTP_URL) return;
  try {
    const sender = senders.get(shop.database);
    if (sender) return sender.wake();
    await shop.database.executeSql("select pg_notify($1, '')", [EMAIL_QUEUED_CHANNEL]);
  } catch (error) {
    shop.log.warn({ err: error }, "could not ask for queued emails to be sent; the next poll will send them");
  }
}
