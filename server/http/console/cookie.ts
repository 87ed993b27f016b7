import { generateCookie } from "hono/cookie";
import type { Env } from "../../env";
import { STAFF_SESSION_COOKIE } from "../../modules/staff";

/**
 * The console's cookie: HttpOnly, SameSite=Strict (no other site can make a browser send it, not even a link),
 * Secure in production. It carries only a random token; the row it names can be revoked.
 */
export function staffCookie(env: Env, token: string, expires: Date): string {
  return generateCookie(STAFF_SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Strict", secure: env.NODE_ENV === "production", expires });
}

export function clearedStaffCookie(env: Env): string {
  return generateCookie(STAFF_SESSION_COOKIE, "", { path: "/", httpOnly: true, sameSite: "Strict", secure: env.NODE_ENV === "production", maxAge: 0 });
}
