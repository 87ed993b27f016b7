import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  hashedEmail: text("hashed_email").notNull(),
  sourcePath: text("source_path"),
  consentText: text("consent_text").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
