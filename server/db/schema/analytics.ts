import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    properties: jsonb("properties").notNull().default({}),
    path: text("path"),
    anonymousId: text("anonymous_id"),
    userId: uuid("user_id"),
    requestId: text("request_id"),
    /** The browser's id for the event: a resent batch (beacon after a lost fetch) is stored once. */
    messageId: uuid("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt), index("analytics_events_created_idx").on(t.createdAt), uniqueIndex("analytics_events_message_id_key").on(t.messageId)],
);
