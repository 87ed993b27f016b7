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
}, (t) => [index("customers_created_idx").on(t.createdAt, t.id)]);

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
