import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie, getCookie } from "hono/cookie";
import { EmailOnlySchema, NewPasswordSchema, SignInSchema } from "../../../domain/accounts";
import { ROUTES } from "../../../domain/routes";
import { readSocialFlow, requestPasswordEmail, setPasswordWithToken, signInWithPassword, signInWithVerificationLink, SOCIAL_FLOW_COOKIE } from "../../modules/auth";
import { socialSignOn } from "../../workflows/social-sign-on";
import { clientOf, replaceSession, sessionAnswer } from "../account-session";
import { createRouter, errorResponses, jsonBody, jsonResponse } from "../openapi";

/** The provider backend's account calls (SPEC.md section 7), JSON in and out, credentials by cookie. */
const Err = z.object({ code: z.string(), message: z.string() });
const SessionStarted = z.object({ success: z.literal(true), email: z.string(), seedSessionToken: z.string() });
const tooMany = { 429: jsonResponse("Too many attempts", Err) };

const loginRoute = createRoute({
  method: "post",
  path: "/account/login",
  summary: "Sign in with email and password",
  request: { body: jsonBody(SignInSchema) },
  responses: {
    200: jsonResponse("Signed in", SessionStarted),
    401: jsonResponse("USER_NOT_FOUND: Incorrect username/password", Err),
    403: jsonResponse("UNVERIFIED_ACCOUNT", Err),
    ...tooMany,
    ...errorResponses,
  },
});

const recoverRoute = createRoute({
  method: "post",
  path: "/account/recover",
  summary: "Email a reset link (members with a password) or a set-password link (guests from checkout)",
  request: { body: jsonBody(EmailOnlySchema) },
  responses: { 200: jsonResponse("Sent", z.object({ success: z.literal(true), kind: z.enum(["reset", "set"]), message: z.string() })), 404: jsonResponse("We do not recognize the email", Err), ...tooMany, ...errorResponses },
});

const resetRoute = createRoute({
  method: "post",
  path: "/account/reset-password",
  summary: "Set a new password with a reset link's token; every other session ends",
  request: { body: jsonBody(NewPasswordSchema) },
  responses: { 200: jsonResponse("Changed and signed in", SessionStarted), ...tooMany, ...errorResponses },
});

const setRoute = createRoute({
  method: "post",
  path: "/account/set-password",
  summary: "Set a first password with a set-password link's token (also verifies the email)",
  request: { body: jsonBody(NewPasswordSchema) },
  responses: { 200: jsonResponse("Set and signed in", SessionStarted), ...tooMany, ...errorResponses },
});

const verifyRoute = createRoute({
  method: "get",
  path: "/account/verify-account/{token}",
  summary: "The verification link of a registration: verifies the email, claims orders held under it, signs in and goes to the account",
  request: { params: z.object({ token: z.string().max(100) }) },
  responses: { 303: { description: "Signed in, to /account/home?verified=1; or, when the link is used up or expired, to /login?verified=0 (which offers a new link)" } },
});

const SignOnBody = z.object({
  code: z.string().min(1).max(2048),
  redirect_url: z.url().max(512),
  /** The state the provider sent back; must equal the one this browser's flow cookie holds. */
  state: z.string().min(1).max(200),
  /** The provider's iss parameter of the callback (RFC 9207), when it sent one. */
  iss: z.url().max(512).optional(),
});
const signOnRoute = (provider: "google" | "facebook") =>
  createRoute({
    method: "post",
    path: `/account/${provider}-signon`,
    summary: `Sign in with ${provider === "google" ? "Google" : "Facebook"}: 201 for a new customer, 200 for an existing one`,
    request: { body: jsonBody(SignOnBody) },
    responses: {
      200: jsonResponse("Existing customer signed in", SessionStarted),
      201: jsonResponse("New customer signed in", SessionStarted),
      404: jsonResponse("Not configured", Err),
      409: jsonResponse("Email belongs to an account the provider does not vouch for", Err),
      ...errorResponses,
    },
  });

const signOn = (provider: "google" | "facebook") => async (c: Parameters<Parameters<ReturnType<typeof createRouter>["openapi"]>[1]>[0]) => {
  const shop = c.get("shop");
  const body = (c.req as unknown as { valid(t: "json"): z.infer<typeof SignOnBody> }).valid("json");
  const flow = await readSocialFlow(shop, getCookie(c, SOCIAL_FLOW_COOKIE));
  // The flow is used once, whatever the outcome: a replayed callback finds no flow.
  deleteCookie(c, SOCIAL_FLOW_COOKIE, { path: "/", secure: shop.env.NODE_ENV === "production" });
  const started = await socialSignOn(shop, provider, { code: body.code, state: body.state, iss: body.iss, redirectUrl: body.redirect_url }, flow, clientOf(c));
  return c.json(sessionAnswer(c, started), started.created ? 201 : 200);
};

export const accountProvider = createRouter()
  .openapi(loginRoute, async (c) => c.json(sessionAnswer(c, await signInWithPassword(c.get("shop"), c.req.valid("json"), clientOf(c))), 200))
  .openapi(recoverRoute, async (c) => {
    const input = c.req.valid("json");
    const purpose = await requestPasswordEmail(c.get("shop"), input, clientOf(c));
    const kind = purpose === "reset_password" ? ("reset" as const) : ("set" as const);
    const what = kind === "reset" ? "reset your password" : "set your password";
    return c.json({ success: true as const, kind, message: `We sent a link to ${input.email} to ${what}.` }, 200);
  })
  .openapi(resetRoute, async (c) => c.json(sessionAnswer(c, await setPasswordWithToken(c.get("shop"), "reset_password", c.req.valid("json"), clientOf(c))), 200))
  .openapi(setRoute, async (c) => c.json(sessionAnswer(c, await setPasswordWithToken(c.get("shop"), "set_password", c.req.valid("json"), clientOf(c))), 200))
  .openapi(verifyRoute, async (c) => {
    const token = c.req.valid("param").token;
    const started = /^[A-Za-z0-9_-]{43}$/.test(token) ? await signInWithVerificationLink(c.get("shop"), token, clientOf(c)) : null;
    if (!started) return c.redirect(`${ROUTES.login}?verified=0`, 303);
    await replaceSession(c, started);
    return c.redirect(`${ROUTES.member_homepage}?verified=1`, 303);
  })
  .openapi(signOnRoute("google"), signOn("google") as never)
  .openapi(signOnRoute("facebook"), signOn("facebook") as never);
