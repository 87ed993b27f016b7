import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
  (t) => [
    index("analytics_events_name_created_idx").on(t.name, t.createdAt),
    index("analytics_events_created_idx").on(t.createdAt),
    uniqueIndex("analytics_events_message_id_key").on(t.messageId),
    // The experiment report (console and npm run experiments:report) reads one experiment's exposures: this partial
    // expression index finds them without scanning every "Experiment Viewed" of every experiment (ADR 0042).
    index("analytics_events_experiment_idx").on(sql`(${t.properties}->>'experiment')`, t.createdAt).where(sql`${t.name} = 'Experiment Viewed'`),
  ],
);

/**
 * Experiments an operator started or stopped in the console (ADR 0042). No row: running, as defined in
 * domain/experiments.ts. Stopped serves the control to everyone.
 */
export const experimentStates = pgTable("experiment_states", {
  name: text("name").primaryKey(),
  /** running | stopped (EXPERIMENT_STATES in domain/experiments.ts). */
  state: text("state").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [check("experiment_states_state_check", sql`${t.state} in ('running', 'stopped')`)]);
