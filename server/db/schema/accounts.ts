import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";

/**
 * The auth module's account tables: credentials, one-time tokens (verification, set-password, magic link, code,
 * reset, email change) and linked social identities. Secrets are stored hashed only.
 */
export const accountCredentials = pgTable("account_credentials", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  /** scrypt (memory-hard): "scrypt$N$r$p$salt$hash", base64url parts. Null until the member sets one. */
  passwordHash: text("password_hash"),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const ACCOUNT_TOKEN_PURPOSES = ["verify_email", "set_password", "magic_link", "login_code", "reset_password", "change_email", "link_identity"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    /** SHA-256 of the link token, or HMAC of email and code for a 6-digit code. Never the secret itself. */
    secretHash: text("secret_hash").notNull().unique(),
    /** The address the token was sent to: it only works for that address. */
    email: text("email").notNull(),
    /** For an email change: the new address, which takes effect once this token is used. */
    newEmail: text("new_email"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("account_tokens_customer_purpose_idx").on(t.customerId, t.purpose)],
);

/**
 * A Google or Facebook account linked to a member: the provider's stable subject, never its email, names it. Linked
 * only once the address is proven: by the provider vouching for it (email_verified), or by our own emailed link
 * (confirmed_at stays null until then, and the identity signs nobody in; docs/decisions/0049).
 */
export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the address was proven for this identity; null: waiting for the link we emailed (confirmTokenId). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The link_identity token whose use confirms this identity, and only this one. */
    confirmTokenId: uuid("confirm_token_id"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("social_identities_customer_idx").on(t.customerId)],
);
