import type { Context, MiddlewareHandler } from "hono";
import { ShopError } from "../../../domain/errors";
import type { SessionClaims } from "../../modules/auth";
import type { AppEnv } from "../types";

/** The live session of a user-scoped endpoint, or 401 UNAUTHENTICATED. */
export function requireSession(c: Context<AppEnv>): SessionClaims {
  const session = c.get("session");
  if (!session) throw new ShopError("UNAUTHENTICATED");
  return session;
}

/**
 * Route middleware of member endpoints (createRoute's `middleware`): the session before the input. Authenticate, then
 * validate: a signed-out caller gets 401, never a validation message about a body it had no right to send.
 */
export const sessionFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSession(c);
  await next();
};
