import { bigint, bigserial, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Dated exchange rates for analytics amounts: millionths of a US dollar per unit of the currency, from a day on. */
export const analyticsCurrencyRates = pgTable(
  "analytics_currency_rates",
  {
    currency: text("currency").notNull(),
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    usdMicrosPerUnit: bigint("usd_micros_per_unit", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.effectiveOn] })],
);

/** Events the destination refused after every retry: kept with the last error so an operator can resend them. */
export const analyticsDeadLetters = pgTable("analytics_dead_letters", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  destination: text("destination").notNull(),
  eventIds: jsonb("event_ids").$type<number[]>().notNull(),
  attempts: integer("attempts").notNull(),
  lastError: text("last_error").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** The campaign values (first and last touch) of the visit that placed an order, copied when the order is written. */
export const orderAttributions = pgTable("order_attributions", {
  orderId: uuid("order_id").primaryKey(),
  firstTouch: jsonb("first_touch").notNull(),
  lastTouch: jsonb("last_touch").notNull(),
  clickId: text("click_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
