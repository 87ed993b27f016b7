import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sandbox payment gateway's own records: what a real provider keeps on its side. The shop's tables never hold a
 * card number; the sandbox keeps only how a test card behaves, its brand and last four.
 */
export const sandboxTokens = pgTable("sandbox_tokens", {
  token: text("token").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  behavior: text("behavior").notNull(),
  /** The keyed hash of the card number (never the number): what Stripe's card.fingerprint is, ADR 0036 addendum. */
  fingerprint: text("fingerprint"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** When a solved captcha came with the tokenize request (docs/decisions/0026): the purchase with this token needs no second one. */
  captchaCheckedAt: timestamp("captcha_checked_at", { withTimezone: true }),
  /**
   * What spent this one-time token (docs/decisions/0058), as a real gateway's token pays once: the charge it authorized,
   * or `attached:<reference>` when it was kept as a saved card without a charge. Null while unused; voiding the charge
   * gives the token back (nothing was paid). Set by a conditional UPDATE, so two processes cannot both spend it.
   */
  spentBy: text("spent_by"),
});

export const sandboxCharges = pgTable("sandbox_charges", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  token: text("token").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull(),
  declineCode: text("decline_code"),
  amountRefunded: integer("amount_refunded").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** The sandbox's refunds: a repeated idempotency key answers the first refund, as a real gateway does. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  chargeId: text("charge_id").notNull(),
  amount: integer("amount").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
