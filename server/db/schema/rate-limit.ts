import { boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per (bucket, key): the hits of the current fixed window and of the one before it, so the limiter can weigh
 * a sliding window. Rows are upserted atomically; stale ones are pruned by the prune-expired job.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    previousHits: integer("previous_hits").notNull(),
    /** Whether the last hit was allowed: the upsert's answer, read back by RETURNING. */
    lastAllowed: boolean("last_allowed").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
