import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accountTokens, type AccountTokenPurpose } from "../../db/schema";

/**
 * One-time tokens of the account flows. The secret goes out by email; only its hash is stored, so a leaked table
 * signs nobody in. Each is bound to the address it was sent to, single use, and short-lived.
 */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 7 * 24 * 3_600_000,
  set_password: 24 * 3_600_000,
  reset_password: 3_600_000,
  change_email: 24 * 3_600_000,
  link_identity: 24 * 3_600_000,
  magic_link: 15 * 60_000,
  login_code: 10 * 60_000,
};
/** Wrong tries a 6-digit code survives before it is spent (with the throttle, guessing 1 in 10^6 stays hopeless). */
export const CODE_MAX_FAILURES = 5;

const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");

export interface IssuedToken {
  id: string;
  secret: string;
}

interface TokenTarget {
  customerId: string;
  purpose: AccountTokenPurpose;
  email: string;
  newEmail?: string;
  now: Date;
}

/** Issues a link token (43 base64url characters). Earlier unused tokens of the same purpose stop working. */
export async function issueLinkToken(db: Queryable, target: TokenTarget): Promise<IssuedToken> {
  const secret = randomBytes(32).toString("base64url");
  return { id: await insertToken(db, target, sha256(secret)), secret };
}

/** Issues a 6-digit code bound to the email (its hash mixes the server secret, the email and the token's id). */
export async function issueLoginCode(db: Queryable, target: Omit<TokenTarget, "purpose">, serverSecret: string): Promise<IssuedToken> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("base64url");
  const id = await insertToken(db, { ...target, purpose: "login_code" }, `${salt}.${codeHash(serverSecret, target.email, code, salt)}`);
  return { id, secret: code };
}

function codeHash(serverSecret: string, email: string, code: string, salt: string): string {
  return createHmac("sha256", serverSecret).update(`${email}\n${code}\n${salt}`).digest("base64url");
}

async function insertToken(db: Queryable, t: TokenTarget, secretHash: string): Promise<string> {
  await db
    .update(accountTokens)
    .set({ usedAt: t.now })
    .where(and(eq(accountTokens.customerId, t.customerId), eq(accountTokens.purpose, t.purpose), isNull(accountTokens.usedAt)));
  const [row] = await db
    .insert(accountTokens)
    .values({
      customerId: t.customerId,
      purpose: t.purpose,
      secretHash,
      email: t.email,
      newEmail: t.newEmail ?? null,
      createdAt: t.now,
      expiresAt: new Date(t.now.getTime() + TOKEN_TTL_MS[t.purpose]),
    })
    .returning({ id: accountTokens.id });
  return row!.id;
}

export interface SpentToken {
  id: string;
  customerId: string;
  email: string;
  newEmail: string | null;
}

/**
 * Spends a link token: one UPDATE marks it used only if it is unused and unexpired, so two requests racing with the
 * same link cannot both succeed. Answers null for anything else (unknown, used, expired, other purpose).
 */
export async function spendLinkToken(db: Queryable, purpose: AccountTokenPurpose, secret: string, now: Date, onlyFor?: string): Promise<SpentToken | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.secretHash, sha256(secret)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        // A token for one member's session (an email change) is not even spent by another's attempt.
        onlyFor ? eq(accountTokens.customerId, onlyFor) : undefined,
      ),
    )
    .returning({ id: accountTokens.id, customerId: accountTokens.customerId, email: accountTokens.email, newEmail: accountTokens.newEmail });
  return row ?? null;
}

/** Checks a link token without spending it (the page that asks for the new password shows whether the link works). */
export async function linkTokenIsLive(db: Queryable, purpose: AccountTokenPurpose, secret: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(and(eq(accountTokens.secretHash, sha256(secret)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Spends the live code of this customer if `code` matches it. A wrong code counts against it; the fifth wrong try
 * spends it. Only the newest code is live (issuing one retires the earlier ones).
 */
export async function spendLoginCode(db: Queryable, customerId: string, email: string, code: string, serverSecret: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ id: accountTokens.id, secretHash: accountTokens.secretHash, email: accountTokens.email })
    .from(accountTokens)
    .where(and(eq(accountTokens.customerId, customerId), eq(accountTokens.purpose, "login_code"), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  if (!live) return false;
  const [salt, hash] = live.secretHash.split(".");
  if (live.email === email && hash === codeHash(serverSecret, email, code, salt!)) {
    const spent = await db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.id, live.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    return spent.length === 1;
  }
  await db
    .update(accountTokens)
    .set({
      failedAttempts: sql`${accountTokens.failedAttempts} + 1`,
      usedAt: sql`case when ${accountTokens.failedAttempts} + 1 >= ${CODE_MAX_FAILURES} then ${now.toISOString()}::timestamptz else ${accountTokens.usedAt} end`,
    })
    .where(eq(accountTokens.id, live.id));
  return false;
}

export async function deleteTokensOf(db: Queryable, customerId: string): Promise<void> {
  await db.delete(accountTokens).where(eq(accountTokens.customerId, customerId));
}

/** Deletes tokens that expired or were used before the cutoff (run by the prune job). */
export async function pruneAccountTokens(db: Queryable, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, cutoff), lt(accountTokens.usedAt, cutoff)))
    .returning({ id: accountTokens.id });
  return deleted.length;
}
