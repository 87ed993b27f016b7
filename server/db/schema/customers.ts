import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Always stored trimmed and lowercased, so lookups by email are exact. */
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  passwordHash: text("password_hash"),
  fraudulentStatus: text("fraudulent_status"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  // customers_created_idx: the console lists customers newest first, keyset-paged on (created_at, id).
  // The name indexes: the console finds orders by a customer's first, last or full name (any case).
}, (t) => [
  index("customers_created_idx").on(t.createdAt, t.id),
  index("customers_first_name_idx").on(sql`lower(${t.firstName})`),
  index("customers_last_name_idx").on(sql`lower(${t.lastName})`),
  index("customers_full_name_idx").on(sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`),
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
  },
  (t) => [primaryKey({ columns: [t.customerId, t.name] })],
);
