import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Catalogue entries (SPEC.md section 3). `content` holds the display fields, validated by domain/catalog. */
export const products = pgTable("products", {
  code: text("code").primaryKey(),
  sku: text("sku").notNull().unique(),
  isSrp: boolean("is_srp").notNull(),
  maxQuantity: integer("max_quantity").notNull(),
  autoCouponCode: text("auto_coupon_code"),
  planCode: text("plan_code"),
  planQuantity: integer("plan_quantity").notNull().default(1),
  /** Null: orderable wherever we ship. */
  countries: text("countries").array(),
  content: jsonb("content").notNull(),
  active: boolean("active").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const plans = pgTable("plans", {
  code: text("code").primaryKey(),
  id: uuid("id").notNull().unique().defaultRandom(),
  name: text("name").notNull(),
  productCode: text("product_code")
    .notNull()
    .references(() => products.code),
  productSku: text("product_sku").notNull(),
  isSrp: boolean("is_srp").notNull(),
  /** 1, 3 or 6 for subscriptions; null for one-time purchases. */
  billingPeriodMonths: integer("billing_period_months"),
  image: text("image").notNull(),
});

/** A price per plan, per price list (domestic US, or the international alt-currency list), per currency. */
export const planPrices = pgTable(
  "plan_prices",
  {
    planCode: text("plan_code")
      .notNull()
      .references(() => plans.code, { onDelete: "cascade" }),
    priceList: text("price_list").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planCode, t.priceList, t.currency] })],
);
