import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";

export const coupons = pgTable("coupons", {
  /** Stored uppercase (domain/coupons normaliseCouponCode). */
  code: text("code").primaryKey(),
  type: text("type").notNull(),
  /** fixed: minor units of `currency`; percent: a percentage (25, 12.5). */
  value: doublePrecision("value").notNull(),
  currency: text("currency"),
  /** Skus the coupon applies to; null means all. */
  skus: text("skus").array(),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  maxRedemptions: integer("max_redemptions"),
  maxPerCustomer: integer("max_per_customer"),
  firstOrderOnly: boolean("first_order_only").notNull().default(false),
  duration: text("duration").notNull().default("once"),
  active: boolean("active").notNull().default(true),
  /** Incremented in the same statement that checks max_redemptions, so the limit holds under concurrency. */
  timesRedeemed: integer("times_redeemed").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The order that redeemed it (orders arrive with the checkout issue). */
    orderId: uuid("order_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("coupon_redemptions_order_unique").on(t.couponCode, t.orderId), index("coupon_redemptions_customer_idx").on(t.couponCode, t.customerId)],
);
