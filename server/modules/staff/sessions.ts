import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { isStaffRole, STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { staffMembers, staffSessions } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { normaliseStaffEmail, sha256, type StaffMember } from "./accounts";
import { sendQueuedEmailsSoon } from "../email";
import { queueSignInCeilingEmail } from "./emails";
import { verifyPassword } from "./passwords";
import type { SignInThrottle } from "./throttle";
import { openSecret, verifyTotp } from "./totp";

/** The console's own cookie: never the shop's seed_jwt, so a customer session cannot open the console. */
export const STAFF_SESSION_COOKIE = "seed_console";

export interface StaffSession extends StaffMember {
  sessionId: string;
  expiresAt: Date;
}

export interface SignInInput {
  email: string;
  password: string;
  code: string;
  /** The client address, throttled as well as the account. */
  ip: string;
}

/** One answer for every wrong part (email, password or code), so a failure does not say which. */
const refused = () => new ShopError("UNAUTHENTICATED", "That email, password and code do not match a staff account.");

/**
 * Password and TOTP in one step. Throttled per account and per address before any check runs; each refusal counts.
 * Returns the session token for the cookie (its SHA-256 names the row).
 */
export async function signInStaff(shop: Shop, throttle: SignInThrottle, input: SignInInput): Promise<{ token: string; session: StaffSession }> {
  const now = shop.clock.now();
  const email = normaliseStaffEmail(input.email);
  // Per (account, address), address and account (ADR 0023 addendum): a guesser at one address never stops the owner.
  await throttle.check(email, input.ip);
  let row: typeof staffMembers.$inferSelect | undefined;
  const fail = async () => {
    if ((await throttle.recordFailure(email, input.ip)) && row) {
      // The account's ceiling was reached just now: tell its owner, once per window.
      await queueSignInCeilingEmail(dbOf(shop), { staffId: row.id, email: row.email, ...throttle.ceiling, now });
      void sendQueuedEmailsSoon(shop);
    }
    return refused();
  };

  /**
   * A right password with the code just spent (typed again after setup, or a second tab): refused and counted like any
   * failure, but said plainly (issue 36). Only the latest spent step gets the words; an older code gets the generic
   * answer. It tells nothing a guesser lacks: the words need the right password and a code only the authenticator had.
   */
  const spentCode = async (justUsed: boolean) => {
    const generic = await fail();
    return justUsed ? new ShopError("TOTP_CODE_USED") : generic;
  };

  [row] = await dbOf(shop).select().from(staffMembers).where(eq(staffMembers.email, email));
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? null);
  if (!row || !passwordOk || row.disabledAt || !isStaffRole(row.role)) throw await fail();
  const step = await verifyTotp(openSecret(row.totpSecret, shop.env.SESSION_SECRET), input.code, now);
  if (step === null) throw await fail();
  if (row.totpLastStep !== null && step <= row.totpLastStep) throw await spentCode(step === row.totpLastStep);
  // Spend the code: a second sign-in with it (overheard, or a replayed request) is refused, even at once.
  const spent = await dbOf(shop)
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(and(eq(staffMembers.id, row.id), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
    .returning({ id: staffMembers.id });
  if (spent.length === 0) throw await spentCode(true);

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_IDLE_MS);
  const [session] = await dbOf(shop)
    .insert(staffSessions)
    .values({ staffId: row.id, tokenHash: sha256(token), createdAt: now, expiresAt })
    .returning({ id: staffSessions.id });
  return { token, session: { sessionId: session!.id, id: row.id, email: row.email, role: row.role, expiresAt } };
}

/** The live session a cookie names, or null; a used session's idle deadline moves forward (never past the maximum). */
export async function readStaffSession(shop: Shop, token: string | undefined | null): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const now = shop.clock.now();
  const [row] = await dbOf(shop)
    .select({
      sessionId: staffSessions.id,
      createdAt: staffSessions.createdAt,
      expiresAt: staffSessions.expiresAt,
      id: staffMembers.id,
      email: staffMembers.email,
      role: staffMembers.role,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now), isNull(staffMembers.disabledAt)),
    );
  if (!row || !isStaffRole(row.role)) return null;
  const extended = new Date(Math.min(now.getTime() + STAFF_SESSION_IDLE_MS, row.createdAt.getTime() + STAFF_SESSION_MAX_MS));
  // Write at most once a minute per session, not on every request.
  if (extended.getTime() - row.expiresAt.getTime() > 60_000) {
    await dbOf(shop).update(staffSessions).set({ expiresAt: extended }).where(eq(staffSessions.id, row.sessionId));
  }
  const expiresAt = extended > row.expiresAt ? extended : row.expiresAt;
  return { sessionId: row.sessionId, id: row.id, email: row.email, role: row.role, expiresAt };
}

export async function revokeStaffSession(shop: Shop, sessionId: string): Promise<void> {
  await dbOf(shop).update(staffSessions).set({ revokedAt: shop.clock.now() }).where(eq(staffSessions.id, sessionId));
}
