import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** What visitors sent through the practitioner, SeedUniversity and contact forms (server/modules/mail-forms). */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    email: text("email").notNull(),
    fields: jsonb("fields").notNull(),
    /** Who sent it, for the per-address limit (the client IP as the edge reports it). */
    clientKey: text("client_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("form_submissions_client_recent").on(t.clientKey, t.createdAt)],
);
