import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { subscriptions } from "./subscriptions";

/**
 * Money per subscription, one row per event: charge (+), refund (−), retry (a declined try, 0), credit (credit spent,
 * 0 through the gateway, its value in credit_amount). The sum of `amount` per subscription equals what the gateway
 * holds for its charges (captured minus refunded); the nightly reconciliation checks it. `key` makes each row once.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull().unique(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    renewalId: uuid("renewal_id"),
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    creditAmount: integer("credit_amount").notNull().default(0),
    currency: text("currency").notNull(),
    gateway: text("gateway").notNull(),
    chargeId: text("charge_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ledger_entries_subscription_idx").on(t.subscriptionId)],
);

/** What a reconciliation run found: a subscription whose ledger and gateway disagree. */
export const reconciliationMismatches = pgTable("reconciliation_mismatches", {
  id: uuid("id").primaryKey().defaultRandom(),
  runAt: timestamp("run_at", { withTimezone: true }).notNull(),
  subscriptionId: uuid("subscription_id").notNull(),
  currency: text("currency").notNull(),
  ledgerAmount: integer("ledger_amount").notNull(),
  gatewayAmount: integer("gateway_amount").notNull(),
  detail: text("detail").notNull(),
});
