import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { can, consolePageOf, isConsolePublicPage, type Permission } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { readStaffSession, STAFF_SESSION_COOKIE, type StaffSession } from "../../modules/staff";
import type { AppEnv } from "../types";
import { consoleService, type ConsoleService } from "./service";

/** Resolves the seed_console cookie to a live staff session (or null). The shop's seed_jwt plays no part. */
export const staffSessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("staff", await readStaffSession(c.get("shop"), getCookie(c, STAFF_SESSION_COOKIE)));
  await next();
};

export function requireStaff(c: Context<AppEnv>): StaffSession {
  const staff = c.get("staff");
  if (!staff) throw new ShopError("UNAUTHENTICATED", "Sign in to the console.");
  return staff;
}

/** The route's permission, checked before its handler: 401 without a staff session, 403 for a role without it. */
export const requirePermission =
  (permission: Permission): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const staff = requireStaff(c);
    if (!can(staff.role, permission)) throw new ShopError("FORBIDDEN", "Your role does not allow this.");
    await next();
  };

export const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireStaff(c);
  await next();
};

/** The console service of this request's staff member. */
export const serviceOf = (c: Context<AppEnv>): ConsoleService => consoleService(c.get("shop"), requireStaff(c), c.get("requestId"));

const FORBIDDEN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not allowed - Seed console</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2a24"><main><h1>Your role cannot open this page</h1>
<p>Ask an owner for access if you need it.</p><p><a href="/console" style="color:#1f3b2d">Back to the console</a></p></main></body></html>`;

/**
 * Every /console page passes here before React Router renders it: the sign-in and setup pages are open; any other
 * page must be listed in CONSOLE_PAGES (domain/console-access.ts) and the staff member's role must hold its
 * permission. Signed out (or only a shopper's session): to the sign-in page. An unlisted path is a 404, so a page
 * added without a permission is never served.
 */
export const consolePageGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (isConsolePublicPage(path)) return next();
  const staff = c.get("staff");
  const isData = path.endsWith(".data");
  if (!staff) {
    if (isData || c.req.method !== "GET") return c.json(new ShopError("UNAUTHENTICATED", "Sign in to the console.").toBody(), 401);
    const next = encodeURIComponent(path + new URL(c.req.url).search);
    return c.redirect(`/console/sign-in?next=${next}`, 303);
  }
  const page = consolePageOf(path);
  if (!page) return c.json(new ShopError("NOT_FOUND").toBody(), 404);
  if (!can(staff.role, page.permission)) {
    if (isData) return c.json(new ShopError("FORBIDDEN", "Your role does not allow this.").toBody(), 403);
    return c.html(FORBIDDEN_PAGE, 403);
  }
  return next();
};
