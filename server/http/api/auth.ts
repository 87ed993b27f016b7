import { createRoute, z } from "@hono/zod-openapi";
import { revokeSession } from "../../modules/auth";
import { locate } from "../../integrations/geo";
import { clearSessionCookie } from "../cookies";
import { createRouter, jsonResponse } from "../openapi";

const checkRoute = createRoute({
  method: "get",
  path: "/auth/check-authentication",
  summary: "Whether the seed_jwt cookie names a live session",
  responses: { 200: jsonResponse("Session state", z.object({ success: z.boolean() })) },
});

const logoutRoute = createRoute({
  method: "get",
  path: "/auth/logout",
  summary: "Revoke the current session server-side and clear the cookie",
  responses: { 200: jsonResponse("Signed out", z.object({ success: z.literal(true) })) },
});

const locationRoute = createRoute({
  method: "get",
  path: "/auth/location",
  summary: "The visitor's country and region, from CDN headers; UNKNOWN when not known",
  responses: { 200: jsonResponse("Location", z.object({ country: z.string(), region: z.string() })) },
});

export const authApi = createRouter()
  .openapi(checkRoute, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ success: c.get("session") !== null }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    const session = c.get("session");
    if (session) await revokeSession(c.get("shop"), session.sessionId);
    clearSessionCookie(c);
    c.header("Cache-Control", "no-store");
    return c.json({ success: true as const }, 200);
  })
  .openapi(locationRoute, (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(locate(c.req.raw.headers), 200);
  });
