import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
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
