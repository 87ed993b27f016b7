import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Webhook events from the payment provider, stored once by their id (a replayed event is recognised) after their
 * signature was checked; a job does the work and stamps processed_at.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    type: text("type").notNull(),
    /** The object the event is about (a PaymentIntent id). */
    objectId: text("object_id"),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [index("payment_events_unprocessed_idx").on(t.processedAt, t.receivedAt)],
);
