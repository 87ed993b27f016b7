import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A customer's name keys, lowercased: first, last and "first last". The name index and the name search share it. */
export const customerNameKeys = (firstName: AnyPgColumn, lastName: AnyPgColumn) =>
  sql`(array[lower(coalesce(${firstName}, '')), lower(coalesce(${lastName}, '')), lower(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))])`;

/**
 * The text the console's customer search matches any part of (issue 36): email, first and last name and phone,
 * lowercased, with the phone's digits alone as well so "5550123" finds "+1 (555) 0123". The trigram index and the
 * search's where clause share this one expression, so the planner can use the index.
 */
export const customerSearchText = (email: AnyPgColumn, firstName: AnyPgColumn, lastName: AnyPgColumn, phone: AnyPgColumn) =>
  sql`(lower(${email} || ' ' || coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, '') || ' ' || coalesce(${phone}, '') || ' ' || regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')))`;

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Always stored trimmed and lowercased, so lookups by email are exact. */
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  passwordHash: text("password_hash"),
  fraudulentStatus: text("fraudulent_status"),
  /** Whether the member's referral link names them (their first name) to the friend who opens it (ADR 0063); off unless they say so. */
  referralShowsName: boolean("referral_shows_name").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  // customers_created_idx: the console lists customers newest first, keyset-paged on (created_at, id).
  // customers_name_keys_idx: the console finds orders by a customer's first, last or full name (any case), as one
  // GIN lookup of the name keys (customerNameKeys). Three btree expression indexes joined by OR lost to a sequential
  // scan once PostgreSQL switched the prepared statement to its generic plan (docs/benchmarks.md, 2026-11-25).
}, (t) => [
  index("customers_created_idx").on(t.createdAt, t.id),
  index("customers_name_keys_idx").using("gin", customerNameKeys(t.firstName, t.lastName)),
  // customers_search_trgm_idx: the console's search by any part of email, name or phone (issue 36, customerSearchText).
  index("customers_search_trgm_idx").using("gin", sql`${customerSearchText(t.email, t.firstName, t.lastName, t.phone)} gin_trgm_ops`),
]);

/** Experiment variants are per user (SPEC.md section 6). */
export const customerExperiments = pgTable(
  "customer_experiments",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    variant: text("variant").notNull(),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull(),
    /**
     * When the server first rendered this variant to the member: their exposure in the experiment report (ADR 0056).
     * Null until then; cleared when the variant is changed, so the member is exposed again in the new one.
     */
    exposedAt: timestamp("exposed_at", { withTimezone: true }),
  },
  // The experiment report reads one experiment's exposed members (ADR 0056) without scanning every assignment.
  (t) => [primaryKey({ columns: [t.customerId, t.name] }), index("customer_experiments_exposed_idx").on(t.name, t.exposedAt).where(sql`${t.exposedAt} is not null`)],
);

/**
 * Requests to erase a customer (the right to erasure, ADR 0042): recorded by support when a customer asks by email or
 * phone, processed by anonymising the customer. At most one pending request per customer; done ones stay as the record
 * that the request was honoured (they name no personal data, only the customer id that now points at an anonymous row).
 */
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    /** pending | done */
    status: text("status").notNull(),
    /** How the customer asked (support's words: "email of 3 May", "phone call"). */
    note: text("note").notNull(),
    requestedBy: text("requested_by").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    processedBy: text("processed_by"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("deletion_requests_one_pending_key").on(t.customerId).where(sql`${t.status} = 'pending'`),
    index("deletion_requests_status_idx").on(t.status, t.requestedAt),
    check("deletion_requests_status_check", sql`${t.status} in ('pending', 'done')`),
  ],
);
