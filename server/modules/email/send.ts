import { PermanentSendError, smtpTransport, type MailTransport, type OutgoingMessage } from "../../integrations/email/smtp";
import { whileRenewing } from "../../lib/keep-alive";
import type { Shop } from "../../shop";
import { CLAIM_RENEW_MS, claimDueEmails, markEmailFailed, markEmailSent, releaseClaims, renewClaims, type OutboxEmail } from "./outbox";

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
    ...(email.headers && Object.keys(email.headers).length > 0 ? { headers: email.headers } : {}),
  };
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every queued email that is due, batch after batch until none is left (the work of the email sender,
 * server/modules/email/sender.ts). While a batch is in hand its unsent rows' lease is renewed every CLAIM_RENEW_MS, so
 * only a dead sender's rows are taken over; when `stopping` answers true it stops between two emails and hands the
 * untried rows back. Without SMTP_URL (and no transport given) it does nothing: emails stay in the outbox for the
 * development mailbox.
 */
export async function sendDueEmails(
  shop: Shop,
  options: { transport?: MailTransport; batchSize?: number; maxBatches?: number; stopping?: () => boolean } = {},
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  if (!options.transport && !shop.env.SMTP_URL) return report;
  const batchSize = options.batchSize ?? 20;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const stopping = options.stopping ?? (() => false);
  let transport: MailTransport | null = options.transport ?? null;
  try {
    for (let batch = 0; batch < maxBatches && !stopping(); batch++) {
      const emails = await claimDueEmails(shop, batchSize);
      if (emails.length === 0) break;
      transport ??= smtpTransport(shop.env.SMTP_URL!);
      await sendBatch(shop, transport, emails, report, stopping);
      if (emails.length < batchSize) break;
    }
  } finally {
    if (!options.transport) transport?.close();
  }
  if (report.sent + report.retrying + report.failed > 0) shop.log.info({ ...report }, "sent queued emails");
  return report;
}

async function sendBatch(shop: Shop, transport: MailTransport, emails: OutboxEmail[], report: SendReport, stopping: () => boolean): Promise<void> {
  const pending = new Set(emails.map((e) => e.id));
  try {
    await whileRenewing(() => renewClaims(shop, [...pending]), CLAIM_RENEW_MS, async () => {
      for (const email of emails) {
        if (stopping()) break;
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
        pending.delete(email.id);
      }
    });
  } finally {
    if (pending.size > 0) await releaseClaims(shop, [...pending]).catch(() => {});
  }
}
