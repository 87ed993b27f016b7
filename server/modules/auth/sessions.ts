import { and, desc, eq, gt, isNull, lt, ne, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { sessions } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { signToken, verifySignedToken } from "../../lib/signed-token";

/** The session cookie of SPEC.md section 3: seed_jwt, root path, a signed token naming a server-side session row. */
export const SESSION_COOKIE = "seed_jwt";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export interface SessionClaims {
  sessionId: string;
  customerId: string;
  email: string;
}

/** Starts a session and returns the signed token for the cookie (and for seedSessionToken in responses). */
export async function startSession(
  shop: Shop,
  customer: { id: string; email: string },
  device: { userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = shop.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await dbOf(shop)
    .insert(sessions)
    .values({ customerId: customer.id, createdAt: now, expiresAt, userAgent: device.userAgent?.slice(0, 300) ?? null, lastSeenAt: now })
    .returning({ id: sessions.id });
  const token = signToken(shop.env.SESSION_SECRET, { email: customer.email, uuid: row!.id }, { now, ttlMs: SESSION_TTL_MS, subject: `customer|${customer.id}` });
  return { token, expiresAt };
}

/** The live session a token names, or null: bad signature, expired, revoked or unknown all read as signed out. */
export async function readSession(shop: Shop, token: string | undefined | null): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  const claims = await verifySignedToken(shop.env.SESSION_SECRET, token, shop.clock.now());
  if (!claims) return null;
  const customerId = claims.sub?.split("|")[1];
  // Ids go into uuid columns: anything else would make the query throw instead of reading as signed out.
  if (!isUuid(claims.uuid) || !isUuid(customerId) || typeof claims.email !== "string") return null;
  const [row] = await dbOf(shop)
    .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, claims.uuid),
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, shop.clock.now()),
      ),
    )
    .limit(1);
  if (!row) return null;
  // "Last seen" for the member's session list: written at most every few minutes, not on every request.
  const now = shop.clock.now();
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await dbOf(shop).update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, customerId, email: claims.email };
}

const LAST_SEEN_EVERY_MS = 5 * 60_000;

export interface SessionListing {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

/** The customer's live sessions, most recently used first. */
export async function listSessions(shop: Shop, customerId: string): Promise<SessionListing[]> {
  return dbOf(shop)
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt), gt(sessions.expiresAt, shop.clock.now())))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one session of this customer (someone else's session id changes nothing). Answers whether one ended. */
export async function revokeOwnSession(shop: Shop, customerId: string, sessionId: string): Promise<boolean> {
  const ended = await dbOf(shop)
    .update(sessions)
    .set({ revokedAt: shop.clock.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length === 1;
}

/** Ends every session of the customer, or every one but `keep` ("sign out everywhere", a reset, a deletion). */
export async function revokeAllSessions(db: Queryable, customerId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

export async function revokeSession(shop: Shop, sessionId: string): Promise<void> {
  await dbOf(shop).update(sessions).set({ revokedAt: shop.clock.now() }).where(eq(sessions.id, sessionId));
}

/** Deletes sessions that expired or were revoked before the cutoff (run by the prune job). */
export async function pruneSessions(shop: Shop, cutoff: Date): Promise<number> {
  const deleted = await dbOf(shop)
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** A customer's sessions for the operator console: live ones first. */
export async function sessionsOfCustomer(db: Queryable, customerId: string, now: Date) {
  const rows = await db.select().from(sessions).where(eq(sessions.customerId, customerId)).orderBy(desc(sessions.createdAt)).limit(100);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    revokedAt: s.revokedAt?.toISOString() ?? null,
    live: !s.revokedAt && s.expiresAt > now,
  }));
}

/** Revokes one session of this customer (in the caller's transaction); false when it is not theirs or already ended. */
export async function revokeCustomerSession(db: Queryable, customerId: string, sessionId: string, now: Date): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
