import { createTransport } from "nodemailer";

/**
 * The SMTP transport of outgoing email (nodemailer). The email module's sender hands it one message at a time; tests
 * hand the sender a fake transport or point SMTP_URL at a real SMTP peer (server/testing/smtp-peer.ts).
 */

/** One message as handed to a transport. */
export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable across retries, so a receiver can drop a duplicate if a send is repeated after a crash. */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post), passed to nodemailer as they are. */
  headers?: Record<string, string>;
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
