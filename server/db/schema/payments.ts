import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { orders } from "./orders";

/** A charge against an order, as our gateway reported it. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    gateway: text("gateway").notNull(),
    gatewayChargeId: text("gateway_charge_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    /**
     * What is refunded or being refunded of this charge: the sum of its payment_refunds rows that are not failed
     * (kept in step in the same transaction). The check makes refunding more than was captured impossible, even for
     * two refunds at once: the second one's update waits for the first's row lock, then fails the check.
     */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    check("payments_refund_within_amount", sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/**
 * Refunds of a payment (ADR 0038): one row per operator refund, made once by its idempotency key (the same key is
 * the gateway's). status: pending (reserved from the refundable balance, gateway not yet answered), succeeded,
 * failed (given back to the balance).
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull(),
    gatewayRefundId: text("gateway_refund_id"),
    failure: text("failure"),
    staffEmail: text("staff_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId),
    index("payment_refunds_order_idx").on(t.orderId),
    // The console's net revenue (issue 36) reads a date range of refunds.
    index("payment_refunds_created_idx").on(t.createdAt),
    check("payment_refunds_amount_positive", sql`${t.amount} > 0`),
    check("payment_refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Saved cards, so renewals can be charged without the shopper present. Only the gateway's token, brand and last four. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    gateway: text("gateway").notNull(),
    token: text("token").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** The gateway's fingerprint of the card number (never the number), for the self-referral card signal; null for older cards. */
    fingerprint: text("fingerprint"),
    isDefault: boolean("is_default").notNull().default(true),
    /**
     * Kept by a held order (a signed-out checkout under an existing account's email, ADR 0057): it pays that order's
     * subscriptions, but is not one of the account's cards (not listed, not a saved card at checkout, never the default)
     * until the address is proven.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("payment_methods_customer_token_unique").on(t.customerId, t.token)],
);
