import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { orders } from "./orders";
import { paymentMethods } from "./payments";

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    productCode: text("product_code").notNull(),
    planCode: text("plan_code").notNull(),
    /** What the next charge buys (a starter kit renews as its refill). */
    renewalPlanCode: text("renewal_plan_code").notNull(),
    quantity: integer("quantity").notNull(),
    billingPeriodMonths: integer("billing_period_months").notNull(),
    currency: text("currency").notNull(),
    priceList: text("price_list").notNull(),
    country: text("country").notNull(),
    status: text("status").notNull(),
    /** A coupon that discounts every renewal (duration forever). */
    couponCode: text("coupon_code"),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethods.id),
    shippingAddress: jsonb("shipping_address").notNull(),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    nextBillingAt: timestamp("next_billing_at", { withTimezone: true }).notNull(),
    /** The day of the month it is billed on (1–31); null: the day of next_billing_at (domain/billing-dates.ts). */
    billingAnchorDay: integer("billing_anchor_day"),
    /** Why it was cancelled ("payment_failed" when dunning gave up). */
    cancelReason: text("cancel_reason"),
    /** Started by a held order (orders.held_at): not in the account's portal until the address is proven (ADR 0057). */
    heldAt: timestamp("held_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  // subscriptions_created_idx: the console lists subscriptions newest first and pages through them (keyset).
  (t) => [
    index("subscriptions_customer_idx").on(t.customerId),
    index("subscriptions_due_idx").on(t.status, t.nextBillingAt),
    index("subscriptions_created_idx").on(t.createdAt, t.id),
  ],
);
