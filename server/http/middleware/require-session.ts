import type { Context } from "hono";
import { ShopError } from "../../../domain/errors";
import type { SessionClaims } from "../../modules/auth";
import type { AppEnv } from "../types";

/** The live session of a user-scoped endpoint, or 401 UNAUTHENTICATED. */
export function requireSession(c: Context<AppEnv>): SessionClaims {
  const session = c.get("session");
  if (!session) throw new ShopError("UNAUTHENTICATED");
  return session;
}
