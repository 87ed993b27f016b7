import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The email outbox (module server/modules/email). A row is written in the same transaction as the change
 * it announces, and the send-email job delivers it after commit; without SMTP_URL rows stay here and the
 * development mailbox (/dev/mailbox) shows them.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Which template made it ("order-confirmation"), for the mailbox and for reports. */
    template: text("template").notNull(),
    /** The same email is never queued twice: "order-confirmation:<orderId>". */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** queued | sent | failed (EMAIL_STATUSES in server/modules/email/outbox.ts). */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * When a queued row may next be tried: null = at once; after a failure the backoff; while a sender holds it,
     * the end of its lease (so a crashed sender's row is tried again, and two senders never hold one row).
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Extra headers, only from the code (never from input): List-Unsubscribe and List-Unsubscribe-Post on newsletter-type email. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** 0 = someone is waiting for it (sign-in code, magic link, reset, verification); 1 = everything else. Lower goes first. */
    priority: smallint("priority").notNull().default(1),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
    // The senders' claim: queued rows by priority, then oldest first (ORDER BY priority, created_at ... SKIP LOCKED).
    index("email_outbox_claim_idx").on(t.priority, t.createdAt).where(sql`${t.status} = 'queued'`),
    // An area finds its emails by key prefix ("order-confirmation:<id>", with resends after it): LIKE 'prefix%' needs pattern ops.
    index("email_outbox_key_prefix_idx").on(t.idempotencyKey.op("text_pattern_ops")),
  ],
);
