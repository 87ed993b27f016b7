import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human order number sequence: SD-100000 + number. */
    number: serial("number").notNull().unique(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    email: text("email").notNull(),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    country: text("country").notNull(),
    subtotal: integer("subtotal").notNull(),
    discountTotal: integer("discount_total").notNull(),
    discounts: jsonb("discounts").notNull(),
    shippingMethod: text("shipping_method").notNull(),
    shippingLabel: text("shipping_label").notNull(),
    shippingAmount: integer("shipping_amount").notNull(),
    /** Member credit taken off this checkout order (ADR 0040); the total is after it. A renewal's credit is a discount line. */
    creditApplied: integer("credit_applied").notNull().default(0),
    total: integer("total").notNull(),
    shippingAddress: jsonb("shipping_address").notNull(),
    preorderMessage: text("preorder_message"),
    /** The Idempotency-Key of the request that placed it: a retry finds this order instead of making another. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /**
     * Set when a signed-out checkout used the email of an existing account (issue 33, ADR 0057): the order is not the
     * account's (history, points) until the address is proven, which clears it. Null for every other order.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    /**
     * The shopper's consent to automatic renewal (ADR 0060, 0063): when it was given and which wording it was given to
     * (a short hash of the disclosure's words). Set with the order when it starts a subscription; null otherwise.
     */
    renewalConsentAt: timestamp("renewal_consent_at", { withTimezone: true }),
    renewalTermsVersion: text("renewal_terms_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  // orders_email_number_idx: the console finds an order by email, newest first, and pages through them (keyset).
  // orders_created_idx: the console's figures (issue 36) read a date range of orders.
  (t) => [
    index("orders_customer_created_idx").on(t.customerId, t.createdAt),
    index("orders_email_number_idx").on(t.email, t.number),
    index("orders_created_idx").on(t.createdAt),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productCode: text("product_code").notNull(),
    planCode: text("plan_code"),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    listTotal: integer("list_total").notNull(),
    discount: integer("discount").notNull(),
    total: integer("total").notNull(),
    bonus: boolean("bonus").notNull().default(false),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * One row per Idempotency-Key of POST /api/purchase. The first request claims the key; retries and concurrent
 * duplicates wait for its outcome and answer the same. The fingerprint finds the same cart placed again within a minute.
 */
export const checkoutAttempts = pgTable(
  "checkout_attempts",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    requestHash: text("request_hash").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** Who holds the key now: a new value on every claim, so a taken-over attempt cannot complete or fail it. */
    claim: text("claim").notNull().default(""),
    /** The gateway authorization of the current claim, until it is captured or voided. */
    chargeId: text("charge_id"),
    status: text("status").notNull(),
    orderId: uuid("order_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("checkout_attempts_fingerprint_idx").on(t.fingerprint, t.createdAt)],
);
