import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { orders } from "./orders";

/** Each member's referral code (ADR 0036): one per member, unique, shared as /r/<code>. */
export const referralCodes = pgTable("referral_codes", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** Browsers a member was seen on while signed in: a friend's order from one of them is a self-referral signal. */
export const referralDevices = pgTable(
  "referral_devices",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    deviceId: text("device_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceId] }), index("referral_devices_device_idx").on(t.deviceId)],
);

/**
 * A friend's first order attributed to a referrer. One per friend and per order (unique), so a friend is referred once.
 * status: pending (refund window open), review (held for an operator: self-referral signals or the monthly cap),
 * earned, rejected (by the operator or a same-email self-referral), void (refunded in the window), reversed (refunded
 * after the reward: the reward was taken back).
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => customers.id),
    friendId: uuid("friend_id")
      .notNull()
      .unique()
      .references(() => customers.id),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    code: text("code").notNull(),
    status: text("status").notNull(),
    /** Self-referral signals and other reasons for review: email, address, card, device, monthly_cap. */
    flags: jsonb("flags").$type<string[]>().notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    rewardDueAt: timestamp("reward_due_at", { withTimezone: true }).notNull(),
    rewardAmount: integer("reward_amount"),
    rewardCurrency: text("reward_currency"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Who decided a reviewed referral (a staff member's email), or "system". */
    decidedBy: text("decided_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId),
    index("referrals_status_due_idx").on(t.status, t.rewardDueAt),
    check("referrals_status_check", sql`${t.status} in ('pending', 'review', 'earned', 'rejected', 'void', 'reversed')`),
  ],
);

/**
 * The member ledger (ADR 0037): credit (per currency, account "credit:USD") and loyalty points (account "points") as
 * append-only entries with a reason. A balance is the sum of an account's entries. Each entry carries the account's
 * next sequence number and the sum after it: unique (customer, account, seq) means two writers that read the same
 * balance cannot both append (the second fails and re-reads), and the check balance_after >= 0 means no write can spend
 * what is not there. `key` makes every grant, spend and reversal happen once. UPDATE and DELETE are refused
 * (server/db/rules.ts).
 */
export const memberLedger = pgTable(
  "member_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    account: text("account").notNull(),
    seq: integer("seq").notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    key: text("key").notNull().unique(),
    /** What the entry is about: a referral, an order, a renewal. */
    refId: text("ref_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("member_ledger_ref_idx").on(t.refId),
    // A spend never goes below zero; only a refund's reversal of redeemed points may (a debt, ADR 0037 addendum), and
    // what is added while in debt pays it down.
    check("member_ledger_balance_check", sql`${t.balanceAfter} >= 0 OR ${t.amount} > 0 OR ${t.reason} = 'points_reversed'`),
    check("member_ledger_amount_check", sql`${t.amount} <> 0`),
    unique("member_ledger_account_seq_unique").on(t.customerId, t.account, t.seq),
  ],
);
export const MEMBER_LEDGER_SEQ_UNIQUE = "member_ledger_account_seq_unique";
