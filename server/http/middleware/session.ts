import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { readSession, SESSION_COOKIE } from "../../modules/auth";
import type { AppEnv } from "../types";

/** Resolves the seed_jwt cookie to a live session (or null) once per request. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  c.set("session", token ? await readSession(c.get("shop"), token) : null);
  await next();
};
