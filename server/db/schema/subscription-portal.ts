import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { subscriptions } from "./subscriptions";

/**
 * What members do in the subscription portal (issue 13), kept beside the subscriptions table it belongs to.
 * The renewal engine reads: subscription_preferences.confirm_each_charge, charge_confirmations, pending
 * subscription_add_ons and unconsumed retention_offers (accepted); it marks add-ons and offers consumed.
 */

/** Per-subscription settings. "Ask me before each charge": the reminder carries a confirm link; unconfirmed renewals are skipped. */
export const subscriptionPreferences = pgTable("subscription_preferences", {
  subscriptionId: uuid("subscription_id")
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: "cascade" }),
  confirmEachCharge: boolean("confirm_each_charge").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A member's yes to one charge (the charge due at billing_at), from the reminder's signed link. */
export const chargeConfirmations = pgTable(
  "subscription_charge_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    billingAt: timestamp("billing_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("charge_confirmations_once").on(t.subscriptionId, t.billingAt)],
);

/** A one-time item for the next shipment only; the renewal that ships it sets consumed_at (and its order). */
export const subscriptionAddOns = pgTable(
  "subscription_add_ons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    planCode: text("plan_code").notNull(),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    consumedByOrderId: uuid("consumed_by_order_id"),
  },
  (t) => [index("subscription_add_ons_pending_idx").on(t.subscriptionId, t.consumedAt)],
);

/**
 * Retention offers made in the cancellation flow: accepted (a percentage off the next shipment, consumed by the
 * renewal that charges it) or declined (the member cancelled anyway). The newest row per customer starts the cooldown.
 */
export const retentionDecisions = pgTable(
  "retention_offer_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    outcome: text("outcome").notNull(),
    percentOff: integer("percent_off").notNull(),
    reasonId: integer("reason_id"),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    consumedByOrderId: uuid("consumed_by_order_id"),
  },
  (t) => [index("retention_decisions_customer_idx").on(t.customerId, t.offeredAt), index("retention_decisions_subscription_idx").on(t.subscriptionId)],
);

/** Every cancellation with its reasons (SPEC.md section 3 payload) and how it was made. */
export const subscriptionCancellations = pgTable(
  "subscription_cancellations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    reasonId: integer("reason_id"),
    reasonText: text("reason_text"),
    secondaryReasonId: integer("secondary_reason_id"),
    /** account (signed in), email_link (the footer's one-click link) or api. */
    via: text("via").notNull(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }).notNull(),
    reactivatedAt: timestamp("reactivated_at", { withTimezone: true }),
  },
  (t) => [index("subscription_cancellations_subscription_idx").on(t.subscriptionId)],
);

/** "I have too much": how many capsules the member said were left, and how the date moved. Data for the operator. */
export const supplyReports = pgTable("subscription_supply_reports", {
  id: uuid("id").primaryKey().defaultRandom(),
  subscriptionId: uuid("subscription_id")
    .notNull()
    .references(() => subscriptions.id, { onDelete: "cascade" }),
  capsulesLeft: integer("capsules_left").notNull(),
  previousBillingAt: timestamp("previous_billing_at", { withTimezone: true }).notNull(),
  newBillingAt: timestamp("new_billing_at", { withTimezone: true }).notNull(),
  reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
});

/** A change log of member actions (what changed, from what, to what), for care and the operator. */
export const subscriptionChanges = pgTable(
  "subscription_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    detail: text("detail").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("subscription_changes_subscription_idx").on(t.subscriptionId, t.changedAt)],
);
