import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { decodeJwt } from "jose";
import { checkSessionMatch } from "../../domain/accounts";
import { ShopError } from "../../domain/errors";
import type { Client, SessionClaims, StartedSession } from "../modules/auth";
import { clearSessionCookie, setSessionCookie } from "./cookies";
import { revokeSession, SESSION_COOKIE } from "../modules/auth";
import type { AppEnv } from "./types";
import { clientAddressKey } from "./middleware/client-ip";
import { publicOrigin } from "../public-origin";

/** Who is asking, for the credential flows: the throttles count the client's address as TRUST_PROXY allows. */
export function clientOf(c: Context<AppEnv>): Client {
  const env = c.get("shop").env;
  return {
    ip: clientAddressKey(c),
    userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null,
    origin: publicOrigin(env, c.req.url),
  };
}

/** A call that started a session: the cookie, and seedSessionToken in the body (SPEC.md sections 3 and 7). */
export function sessionAnswer(c: Context<AppEnv>, started: StartedSession) {
  setSessionCookie(c, started.token, started.expiresAt);
  c.header("Cache-Control", "no-store");
  return { success: true as const, email: started.customer.email, seedSessionToken: started.token };
}

/**
 * A session that replaces whatever this browser held (a sign-up, a verification link): the session its cookie named
 * ends, so one browser never keeps two live sessions and the id changes when the shopper becomes signed in.
 */
export async function replaceSession(c: Context<AppEnv>, started: StartedSession): Promise<void> {
  const previous = c.get("session");
  if (previous) await revokeSession(c.get("shop"), previous.sessionId);
  setSessionCookie(c, started.token, started.expiresAt);
  c.header("Cache-Control", "no-store");
}

function identityOf(token: string): { uuid: string; email: string } | null {
  try {
    const claims = decodeJwt(token);
    return typeof claims.uuid === "string" && typeof claims.email === "string" ? { uuid: claims.uuid, email: claims.email } : null;
  } catch {
    return null;
  }
}

/**
 * The session of a billing, shipping or user call, verified (SPEC.md sections 4 and 7): no live session, or a
 * seedSessionToken that names another session than the cookie's, answers 401 SessionVerificationError and clears the
 * cookie. A token the caller does not send is not compared.
 */
export function verifiedSession(c: Context<AppEnv>, given: string | undefined): SessionClaims {
  const session = c.get("session");
  const cookieToken = getCookie(c, SESSION_COOKIE);
  const verdict = checkSessionMatch(given ? identityOf(given) : null, session && cookieToken ? { uuid: session.sessionId, email: session.email } : null, given !== undefined);
  if (!session || verdict === "mismatch") {
    if (cookieToken) clearSessionCookie(c);
    throw new ShopError("SESSION_MISMATCH");
  }
  return session;
}

/** sessionFirst for the user calls: no live session answers their 401 SessionVerificationError before the input is read. */
export const verifiedSessionFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  verifiedSession(c, undefined);
  await next();
};
