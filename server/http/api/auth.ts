import { createRoute, z } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { CodeSignInSchema, EmailOnlySchema, LinkTokenSchema, RegisterSchema } from "../../../domain/accounts";
import { ShopError } from "../../../domain/errors";
import { EVENTS } from "../../../domain/event-names";
import { socialProvider, SOCIAL_PROVIDERS } from "../../integrations/oauth";
import { recordEvents } from "../../modules/analytics";
import {
  listSessions,
  newFlowSecrets,
  resendVerification,
  revokeAllSessions,
  revokeOwnSession,
  revokeSession,
  signInWithCode,
  signInWithMagicLink,
  signSocialFlow,
  SOCIAL_FLOW_COOKIE,
  SOCIAL_FLOW_TTL_MS,
} from "../../modules/auth";
import { clientLocation } from "../middleware/client-location";
import { dbOf } from "../../shop";
import { registerAccount } from "../../workflows/register-account";
import { clientOf, replaceSession, sessionAnswer } from "../account-session";
import { clearSessionCookie } from "../cookies";
import { requireSession } from "../middleware/require-session";
import { createRouter, errorResponses, jsonBody, jsonResponse, MEMBER_ONLY } from "../openapi";
import { returnPathOf } from "../../../domain/safe-return";
import { sessionFirst } from "../middleware/require-session";

const Err = z.object({ code: z.string(), message: z.string() });
const SessionStarted = z.object({ success: z.literal(true), email: z.string(), seedSessionToken: z.string() });
const Sent = z.object({ success: z.literal(true), message: z.string() });

const checkRoute = createRoute({
  method: "get",
  path: "/auth/check-authentication",
  summary: "Whether the seed_jwt cookie names a live session",
  responses: { 200: jsonResponse("Session state", z.object({ success: z.boolean() })) },
});

const logoutRoute = createRoute({
  method: "get",
  path: "/auth/logout",
  summary: "Revoke the current session server-side, clear the cookie and record the Logout event",
  responses: { 200: jsonResponse("Signed out", z.object({ success: z.literal(true) })) },
});

const locationRoute = createRoute({
  method: "get",
  path: "/auth/location",
  summary: "The visitor's country and region, from CDN headers; UNKNOWN when not known",
  responses: { 200: jsonResponse("Location", z.object({ country: z.string(), region: z.string() })) },
});

const registerRoute = createRoute({
  method: "post",
  path: "/auth/register",
  summary:
    "Create an account: a new address is signed in at once (the seed_jwt cookie and seedSessionToken) and a verification link follows; an address that has an account gets the same 'check your email' answer as ever and no session",
  request: { body: jsonBody(RegisterSchema) },
  responses: {
    201: jsonResponse(
      "Signed in (new address), or check your email",
      z.object({ status: z.literal(201), data: z.object({ email: z.string(), message: z.string(), seedSessionToken: z.string().optional() }) }),
    ),
    429: jsonResponse("Too many", Err),
    ...errorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/auth/registerResendMail",
  summary: "Send the verification link again (only an unverified registration gets one)",
  // Strict: this call answers the same for every address, so a body it cannot fully understand is refused instead.
  request: { body: jsonBody(z.strictObject(EmailOnlySchema.shape)) },
  responses: { 200: jsonResponse("Sent if the account waits for verification", Sent), 429: jsonResponse("Too many", Err), ...errorResponses },
});

const magicSignInRoute = createRoute({
  method: "post",
  path: "/auth/magic",
  summary: "Sign in with the token of an emailed magic link (single use, 15 minutes)",
  request: { body: jsonBody(LinkTokenSchema) },
  responses: { 200: jsonResponse("Signed in", SessionStarted), 429: jsonResponse("Too many", Err), ...errorResponses },
});

const codeSignInRoute = createRoute({
  method: "post",
  path: "/auth/code",
  summary: "Sign in with an emailed 6-digit code (single use, 10 minutes, 5 wrong tries)",
  request: { body: jsonBody(CodeSignInSchema) },
  responses: { 200: jsonResponse("Signed in", SessionStarted), 401: jsonResponse("Wrong or expired code", Err), 429: jsonResponse("Too many", Err), ...errorResponses },
});

const SessionRow = z.object({ id: z.string(), userAgent: z.string().nullable(), createdAt: z.string(), lastSeenAt: z.string().nullable(), current: z.boolean() });
const sessionsRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/auth/sessions",
  summary: "The signed-in member's live sessions (device, last seen)",
  responses: { 200: jsonResponse("Sessions", z.object({ sessions: z.array(SessionRow) })), 401: jsonResponse("Not signed in", Err) },
});

const revokeRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "delete",
  path: "/auth/sessions/{id}",
  summary: "End one of the member's own sessions",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: jsonResponse("Ended", z.object({ success: z.literal(true) })), 401: jsonResponse("Not signed in", Err), 404: jsonResponse("No such session of yours", Err), ...errorResponses },
});

const everywhereRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "post",
  path: "/auth/sessions/revoke-all",
  summary: "Sign out everywhere: end every session of the member, this one included",
  responses: { 200: jsonResponse("Ended", z.object({ success: z.literal(true) })), 401: jsonResponse("Not signed in", Err) },
});

const socialStartRoute = createRoute({
  method: "get",
  path: "/auth/social/{provider}/start",
  summary: "Start Google or Facebook sign-in: sets the flow cookie (state, nonce, PKCE) and redirects to the provider",
  request: { params: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }), query: z.object({ redirectTo: z.string().max(2048).optional() }) },
  responses: { 302: { description: "To the provider" }, 404: jsonResponse("Not configured", Err), ...errorResponses },
});

/** The words of a sign-up that signed nobody in: the same for every address that already has an account. */
export const registeredMessage = (email: string) => `We sent a link to ${email}. Open it to verify your account, then sign in.`;
/** A new account, signed in. */
export const signedUpMessage = (email: string) => `Your account is ready. We sent a link to ${email} to verify your email.`;

export const authApi = createRouter()
  .openapi(checkRoute, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ success: c.get("session") !== null }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    const session = c.get("session");
    if (session) {
      await revokeSession(c.get("shop"), session.sessionId);
      await recordEvents(c.get("shop"), [{ name: EVENTS.logout, properties: {} }], { customerId: session.customerId, requestId: c.get("requestId") });
    }
    clearSessionCookie(c);
    c.header("Cache-Control", "no-store");
    return c.json({ success: true as const }, 200);
  })
  .openapi(locationRoute, (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(clientLocation(c), 200);
  })
  .openapi(registerRoute, async (c) => {
    const input = c.req.valid("json");
    const started = await registerAccount(c.get("shop"), input, clientOf(c));
    if (!started) return c.json({ status: 201 as const, data: { email: input.email, message: registeredMessage(input.email) } }, 201);
    await replaceSession(c, started);
    return c.json({ status: 201 as const, data: { email: started.customer.email, message: signedUpMessage(started.customer.email), seedSessionToken: started.token } }, 201);
  })
  .openapi(resendRoute, async (c) => {
    const input = c.req.valid("json");
    await resendVerification(c.get("shop"), input, clientOf(c));
    return c.json({ success: true as const, message: `If ${input.email} is waiting for verification, a new link is on its way.` }, 200);
  })
  .openapi(magicSignInRoute, async (c) => c.json(sessionAnswer(c, await signInWithMagicLink(c.get("shop"), c.req.valid("json").token, clientOf(c))), 200))
  .openapi(codeSignInRoute, async (c) => c.json(sessionAnswer(c, await signInWithCode(c.get("shop"), c.req.valid("json"), clientOf(c))), 200))
  .openapi(sessionsRoute, async (c) => {
    const session = requireSession(c);
    const rows = await listSessions(c.get("shop"), session.customerId);
    return c.json(
      {
        sessions: rows.map((r) => ({ id: r.id, userAgent: r.userAgent, createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt?.toISOString() ?? null, current: r.id === session.sessionId })),
      },
      200,
    );
  })
  .openapi(revokeRoute, async (c) => {
    const session = requireSession(c);
    const { id } = c.req.valid("param");
    if (!(await revokeOwnSession(c.get("shop"), session.customerId, id))) throw new ShopError("NOT_FOUND", "You have no such session.");
    if (id === session.sessionId) clearSessionCookie(c);
    return c.json({ success: true as const }, 200);
  })
  .openapi(everywhereRoute, async (c) => {
    const session = requireSession(c);
    const shop = c.get("shop");
    await revokeAllSessions(dbOf(shop), session.customerId, shop.clock.now());
    clearSessionCookie(c);
    return c.json({ success: true as const }, 200);
  })
  .openapi(socialStartRoute, async (c) => {
    const shop = c.get("shop");
    const { provider: name } = c.req.valid("param");
    const provider = socialProvider(shop.env, name);
    if (!provider) throw new ShopError("SOCIAL_NOT_CONFIGURED");
    const client = clientOf(c);
    const secrets = newFlowSecrets();
    const redirectUri = `${client.origin}/login/callback/${name}`;
    const flow = await signSocialFlow(shop, { provider: name, ...secrets, redirectUri, redirectTo: returnPathOf(c.req.valid("query").redirectTo) });
    setCookie(c, SOCIAL_FLOW_COOKIE, flow, { path: "/", httpOnly: true, sameSite: "Lax", secure: shop.env.NODE_ENV === "production", maxAge: SOCIAL_FLOW_TTL_MS / 1000 });
    return c.redirect(await provider.authorizationUrl({ redirectUri, ...secrets }), 302);
  });

