import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";

/** The member's saved shipping address (SPEC.md section 3: account.details.shipping_addresses[]). One per member. */
export const customerAddresses = pgTable("customer_addresses", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  address1: text("address1").notNull(),
  address2: text("address2"),
  city: text("city").notNull(),
  region: text("region").notNull(),
  postalCode: text("postal_code").notNull(),
  country: text("country").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
