import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** What visitors sent through the practitioner, SeedUniversity and contact forms (server/modules/mail-forms). */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    fields: jsonb("fields").notNull(),
    /** Who sent it: the client's address key (IPv6 by /64); the limit itself is the rate limiter's (mail-forms-per-address). */
    clientKey: text("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
);
