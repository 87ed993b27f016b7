import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { orders } from "./orders";
import { subscriptions } from "./subscriptions";

/**
 * One row per subscription and billing period (ADR 0010). The unique (subscription, period) makes a second charge or
 * order for a period impossible: the gateway key and the order key are both derived from it.
 * status: pending (being charged), retrying (soft decline, next_attempt_at set), card_needed (hard decline),
 * action_needed (the bank asks the customer to authenticate), paid, canceled (dunning gave up, or the subscription ended).
 */
export const renewals = pgTable(
  "renewals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The due date that names the period, YYYY-MM-DD (UTC). */
    period: text("period").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    /** Attempts made so far; attempt n charges with the key renewal:<subscription>:<period>:<n>. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A worker holds a pending renewal until then; after it, another worker may take it over (its process died). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The priced charge, frozen at the first attempt so every retry charges the same amount. */
    quote: jsonb("quote").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paymentMethodId: uuid("payment_method_id"),
    lastDeclineCode: text("last_decline_code"),
    /** soft or hard (domain/dunning.ts). */
    lastDeclineKind: text("last_decline_kind"),
    chargeId: text("charge_id"),
    orderId: uuid("order_id").references(() => orders.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("renewals_subscription_period_unique").on(t.subscriptionId, t.period),
    index("renewals_status_next_idx").on(t.status, t.nextAttemptAt),
  ],
);

/** Every try at charging a renewal, with what the gateway answered. */
export const renewalAttempts = pgTable(
  "renewal_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    renewalId: uuid("renewal_id")
      .notNull()
      .references(() => renewals.id),
    number: integer("number").notNull(),
    outcome: text("outcome").notNull(),
    declineCode: text("decline_code"),
    declineKind: text("decline_kind"),
    chargeId: text("charge_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("renewal_attempts_renewal_number_unique").on(t.renewalId, t.number)],
);

/** One reminder per subscription and period (3 days before the charge). */
export const renewalReminders = pgTable(
  "renewal_reminders",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    period: text("period").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.period] })],
);

/** The unit price a subscriber agreed to (at purchase, or by being charged a noticed new price). */
export const subscriptionPrices = pgTable("subscription_prices", {
  subscriptionId: uuid("subscription_id")
    .primaryKey()
    .references(() => subscriptions.id),
  unitPrice: integer("unit_price").notNull(),
  currency: text("currency").notNull(),
  agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull(),
});

/** A notice of a new price sent to a subscriber; the price applies to charges 7+ days after sent_at. */
export const priceNotices = pgTable(
  "price_notices",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    unitPrice: integer("unit_price").notNull(),
    currency: text("currency").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.unitPrice] })],
);

/** The retention offer (20% off the next shipment), granted once and consumed by exactly one renewal. */
export const retentionOffers = pgTable(
  "retention_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
    consumedByRenewalId: uuid("consumed_by_renewal_id").unique(),
  },
  (t) => [index("retention_offers_subscription_idx").on(t.subscriptionId)],
);

/**
 * A customer's credit (referral rewards): positive rows grant, negative rows spend. A renewal spends at most once
 * (unique renewal_id), so a retried or crashed renewal cannot spend twice.
 */
export const customerCredits = pgTable(
  "customer_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    renewalId: uuid("renewal_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("customer_credits_customer_idx").on(t.customerId)],
);
