import { sql } from "drizzle-orm";
import { check, index, uniqueIndex, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contentPages } from "./content";
import { customers } from "./customers";

/** Staff notes on a customer (issue 36): written by care, shown on the customer page, each one audited. Only inserted. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("customer_notes_customer_idx").on(t.customerId, t.createdAt),
    check("customer_notes_body_check", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/**
 * A content publish set for a time on the shop's clock (issue 36). A worker publishes it as a new version when the
 * time comes, unless it was cancelled or the page moved on from the version it was edited from (then it is refused
 * and says so). At most one pending schedule per page.
 */
export const contentPageSchedules = pgTable(
  "content_page_schedules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => contentPages.id, { onDelete: "cascade" }),
    /** The published version this draft was edited from. */
    baseVersion: integer("base_version").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull(),
    description: text("description").notNull(),
    blocks: jsonb("blocks").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
    /** pending | published | cancelled | refused */
    status: text("status").notNull().default("pending"),
    /** The version the publish made, or why it was refused. */
    publishedVersion: integer("published_version"),
    outcome: text("outcome"),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("content_page_schedules_due_idx").on(t.publishAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex("content_page_schedules_one_pending_key").on(t.pageId).where(sql`${t.status} = 'pending'`),
    check("content_page_schedules_status_check", sql`${t.status} in ('pending', 'published', 'cancelled', 'refused')`),
  ],
);

/**
 * Experiments created in the console (issue 36), beside the coded ones of domain/experiments.ts. Running or stopped
 * lives in experiment_states like the coded ones; a new experiment starts stopped until staff start it.
 */
export const consoleExperiments = pgTable(
  "console_experiments",
  {
    name: text("name").primaryKey(),
    description: text("description").notNull().default(""),
    control: text("control").notNull(),
    /** [{ name, weight }], weights positive integers. */
    variants: jsonb("variants").notNull(),
    /** Share of units drawn into it, in percent (0 to 100). */
    trafficPercent: integer("traffic_percent").notNull(),
    /** everyone | visitors | members */
    audience: text("audience").notNull(),
    /** The analytics event that counts as a conversion, e.g. "Order Completed". */
    goalEvent: text("goal_event").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("console_experiments_traffic_check", sql`${t.trafficPercent} between 0 and 100`),
    check("console_experiments_audience_check", sql`${t.audience} in ('everyone', 'visitors', 'members')`),
  ],
);
