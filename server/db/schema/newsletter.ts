import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Newsletter addresses (server/modules/newsletter). Double opt-in: a sign-up is `pending` until the address opens the
 * signed link of its confirmation email; only `subscribed` rows receive newsletters; `unsubscribed` keeps the row
 * (and when) so a later sign-up starts a fresh confirmation rather than resurrecting the old consent.
 */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  hashedEmail: text("hashed_email").notNull(),
  sourcePath: text("source_path"),
  consentText: text("consent_text").notNull(),
  /** pending | subscribed | unsubscribed (NEWSLETTER_STATUSES in domain/newsletter.ts). */
  status: text("status").notNull().default("pending"),
  /** When the last confirmation email was queued: a repeated sign-up within minutes sends no second one. */
  confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
