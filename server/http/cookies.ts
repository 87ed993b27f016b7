import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { Env } from "../env";
import { SESSION_COOKIE } from "../modules/auth";
import type { AppEnv } from "./types";

/** Session cookies are HttpOnly and SameSite=Lax always, Secure in production. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("shop").env.NODE_ENV === "production",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: c.get("shop").env.NODE_ENV === "production" });
}

/** The same cookies as Set-Cookie header values, for React Router actions that answer with a redirect. */
export function sessionCookieHeader(env: Env, token: string, expiresAt: Date): string {
  return serialize(SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure: env.NODE_ENV === "production", expires: expiresAt });
}

export function clearSessionCookieHeader(env: Env): string {
  return serialize(SESSION_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Lax", secure: env.NODE_ENV === "production", maxAge: 0, expires: new Date(0) });
}
