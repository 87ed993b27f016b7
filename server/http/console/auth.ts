import { z } from "@hono/zod-openapi";
import { STAFF_PASSWORD_MIN } from "../../../domain/console-access";
import { completeSetup, revokeStaffSession, signInStaff, signInThrottleOf } from "../../modules/staff";
import { consoleAction } from "../../workflows/console";
import { clientAddressKey } from "../middleware/client-ip";
import { createRouter, jsonBody, jsonResponse, ErrorSchema } from "../openapi";
import { clearedStaffCookie, staffCookie } from "./cookie";
import { requireStaff, serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const SignIn = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(200),
  code: z.string().trim().regex(/^\d{6}$/, "The code is the 6 digits your authenticator shows."),
});

const Setup = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(STAFF_PASSWORD_MIN).max(200),
  code: z.string().trim().regex(/^\d{6}$/),
});

const Me = z.object({ email: z.string(), role: z.string(), permissions: z.array(z.string()) });

const signInRoute = consoleRoute("public", {
  method: "post",
  path: "/auth/sign-in",
  summary: "Sign in with email, password and the authenticator's code (throttled per account and address)",
  request: { body: jsonBody(SignIn) },
  responses: { 200: jsonResponse("Signed in; the seed_console cookie is set", Me), 401: jsonResponse("Email, password and code do not match a staff account: UNAUTHENTICATED", ErrorSchema), 429: jsonResponse("Too many failed sign-ins: RATE_LIMITED", ErrorSchema) },
});

const setupRoute = consoleRoute("public", {
  method: "post",
  path: "/auth/setup",
  summary: "Finish a one-time setup link: choose a password and prove the authenticator is enrolled",
  request: { body: jsonBody(Setup) },
  responses: { 200: jsonResponse("Account ready; sign in next", z.object({ email: z.string() })) },
});

const meRoute = consoleRoute("signed-in", {
  method: "get",
  path: "/auth/me",
  summary: "Who is signed in and what their role allows",
  responses: { 200: jsonResponse("The staff member", Me) },
});

const signOutRoute = consoleRoute("signed-in", {
  method: "post",
  path: "/auth/sign-out",
  summary: "End this console session (the row is revoked, the cookie cleared)",
  responses: { 200: jsonResponse("Signed out", z.object({ success: z.literal(true) })) },
});

export const consoleAuthApi = createRouter()
  .openapi(signInRoute, async (c) => {
    const shop = c.get("shop");
    const input = c.req.valid("json");
    const { token, session } = await signInStaff(shop, signInThrottleOf(shop), { ...input, ip: clientAddressKey(c) ?? "unknown" });
    c.header("Set-Cookie", staffCookie(shop.env, token, session.expiresAt));
    c.set("staff", session);
    await recordSignIn(c.get("shop"), session, c.get("requestId"), "staff.sign-in");
    return c.json(serviceOf(c).staff, 200);
  })
  .openapi(setupRoute, async (c) => {
    const staff = await completeSetup(c.get("shop"), c.req.valid("json"));
    return c.json({ email: staff.email }, 200);
  })
  .openapi(meRoute, (c) => c.json(serviceOf(c).staff, 200))
  .openapi(signOutRoute, async (c) => {
    const shop = c.get("shop");
    const staff = requireStaff(c);
    await revokeStaffSession(shop, staff.sessionId);
    await recordSignIn(shop, staff, c.get("requestId"), "staff.sign-out");
    c.header("Set-Cookie", clearedStaffCookie(shop.env));
    return c.json({ success: true as const }, 200);
  });

/** Signing in and out are on the record too (who, when, which session). */
export async function recordSignIn(
  shop: Parameters<typeof consoleAction>[0],
  staff: { id: string; email: string; role: Parameters<typeof consoleAction>[1]["role"]; sessionId: string },
  requestId: string | undefined,
  what: "staff.sign-in" | "staff.sign-out",
): Promise<void> {
  await consoleAction(shop, { staffId: staff.id, email: staff.email, role: staff.role, requestId }, "console.home", async () => ({
    result: undefined,
    audit: { action: what, targetType: "session", targetId: staff.sessionId, before: null, after: null },
  }));
}
