import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The operator console's people (module server/modules/staff), kept apart from customers: a customer session never
 * opens the console and a staff account never shops. docs/decisions/0023-staff-access.md.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Trimmed and lowercased. */
    email: text("email").notNull().unique(),
    role: text("role").notNull(),
    /** scrypt, "scrypt$N$r$p$salt$hash"; null until the setup link is used. */
    passwordHash: text("password_hash"),
    /** The TOTP secret, sealed with AES-256-GCM under a key derived from SESSION_SECRET. */
    totpSecret: text("totp_secret").notNull(),
    /** The last time step a code was accepted for: a code works once. */
    totpLastStep: integer("totp_last_step"),
    /** SHA-256 of the one-time setup token, and when it stops working. */
    setupTokenHash: text("setup_token_hash").unique(),
    setupExpiresAt: timestamp("setup_expires_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("staff_members_role_check", sql`${t.role} in ('owner', 'support', 'finance', 'content')`)],
);

/** A console session: the seed_console cookie carries a random token whose SHA-256 names the row. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Moves forward on use (idle timeout), never past created_at + the maximum. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * Every console action, append-only: a trigger (server/db/rules.ts) refuses UPDATE, DELETE and TRUNCATE.
 * Staff are named by id and email, so an entry still says who acted if the account is later disabled.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: uuid("staff_id").notNull(),
    staffEmail: text("staff_email").notNull(),
    /** The console action ("orders.ship"). */
    action: text("action").notNull(),
    /** What it acted on: "order", "coupon", "customer", "email", "flag", "staff", "session". */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId, t.id), index("audit_log_staff_idx").on(t.staffId, t.id)],
);
