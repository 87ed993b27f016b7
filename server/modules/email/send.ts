import { createTransport } from "nodemailer";
import type { Shop } from "../../shop";
import { claimDueEmails, markEmailFailed, markEmailSent, type OutboxEmail } from "./outbox";

/** One message as handed to a transport. */
export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable across retries, so a receiver can drop a duplicate if a send is repeated after a crash. */
  messageId: string;
}

/** Something that delivers messages: SMTP in production, a fake in a test. */
export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** A send failure that will not go away by trying again (the SMTP server answered 5xx). */
export class PermanentSendError extends Error {}

/** SMTP through nodemailer, with timeouts short enough that a stuck server cannot hold a job for minutes. */
export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const text = error instanceof Error ? error.message : String(error);
        if (typeof code === "number" && code >= 500 && code < 600) throw new PermanentSendError(text);
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** "care@seed.example" from "Seed <care@seed.example>". */
export function mailDomain(from: string): string {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  return address.split("@").pop()?.trim() || "localhost";
}

export function messageFor(shop: Shop, email: OutboxEmail): OutgoingMessage {
  return {
    from: shop.env.MAIL_FROM,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: `<${email.id}@${mailDomain(shop.env.MAIL_FROM)}>`,
  };
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every queued email that is due (the work of the send-email job). Without SMTP_URL (and no transport
 * given) it does nothing: emails stay in the outbox for the development mailbox.
 */
export async function sendDueEmails(
  shop: Shop,
  options: { transport?: MailTransport; batchSize?: number; maxBatches?: number } = {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  if (!options.transport && !shop.env.SMTP_URL) return report;
  const batchSize = options.batchSize ?? 20;
  const maxBatches = options.maxBatches ?? 10;
  let transport: MailTransport | null = options.transport ?? null;
  try {
    for (let batch = 0; batch < maxBatches; batch++) {
      const emails = await claimDueEmails(shop, batchSize);
      if (emails.length === 0) break;
      transport ??= smtpTransport(shop.env.SMTP_URL!);
      for (const email of emails) {
        try {
          await transport.send(messageFor(shop, email));
          await markEmailSent(shop, email.id);
          report.sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const status = await markEmailFailed(shop, email, message, { permanent: error instanceof PermanentSendError });
          if (status === "failed") report.failed++;
          else report.retrying++;
          shop.log.warn({ emailId: email.id, template: email.template, attempts: email.attempts, status, err: message }, "email not sent");
        }
      }
      if (emails.length < batchSize) break;
    }
  } finally {
    if (!options.transport) transport?.close();
  }
  if (report.sent + report.retrying + report.failed > 0) shop.log.info({ ...report }, "sent queued emails");
  return report;
}
