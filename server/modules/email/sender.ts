import { smtpTransport, type MailTransport } from "../../integrations/email/smtp";
import type { Listening } from "../../db/listener";
import type { Shop } from "../../shop";
import { sendDueEmails } from "./send";

/** Announced (pg_notify) when emails were queued by a process that runs no sender itself: every worker's sender wakes. */
export const EMAIL_QUEUED_CHANNEL = "shop_email_queued";

export interface EmailSender {
  /** Look for due emails now rather than at the next poll. */
  wake(): void;
  /** Finishes the email in hand, hands the rest of the batch back, closes the SMTP connections. */
  stop(): Promise<void>;
}

export interface EmailSenderOptions {
  /** Sending loops in this process, each with its own SMTP connection and its own claimed batch. */
  concurrency: number;
  /** How often an idle loop looks anyway: for retries whose backoff ended, a dead sender's rows, a lost wake-up. */
  pollMs: number;
  batchSize?: number;
  /** Tests give a transport per loop; otherwise SMTP_URL. */
  transport?: () => MailTransport;
}

/**
 * The email sender of a worker (ADR 0051): a few loops that claim due rows of the outbox (urgent first, SKIP LOCKED, a
 * short lease renewed while sending) and send them, batch after batch while a backlog exists, then wait for a wake-up
 * (this process queued an email, or any process announced EMAIL_QUEUED_CHANNEL) or the next poll. No job row stands for
 * the work, so a worker killed mid-send blocks nothing: its rows' lease runs out and any other sender takes them.
 * Sending scales with workers: every worker's loops claim from the same table.
 */
export async function startEmailSender(shop: Shop, options: EmailSenderOptions): Promise<EmailSender> {
  let stopped = false;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiters.push(() => (clearTimeout(timer), resolve()));
    });

  const listening: Listening | null = await shop.database.listen(EMAIL_QUEUED_CHANNEL, { onNotice: wake, onLost: wake }).catch(() => null);
  const loop = async () => {
    if (!shop.env.SMTP_URL && !options.transport) return;
    const transport = options.transport?.() ?? smtpTransport(shop.env.SMTP_URL!);
    try {
      while (!stopped) {
        try {
          await sendDueEmails(shop, { transport, batchSize: options.batchSize, stopping: () => stopped });
        } catch (error) {
          shop.log.warn({ err: error }, "the email sender could not reach the outbox; it tries again");
        }
        if (!stopped) await nap(options.pollMs);
      }
    } finally {
      transport.close();
    }
  };
  const loops = Array.from({ length: Math.max(1, options.concurrency) }, () => loop());
  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await Promise.all(loops);
      await listening?.stop();
    },
  };
}
