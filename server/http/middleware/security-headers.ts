import { Hono, type MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { Env } from "../../env";

/**
 * Stripe.js's script, its card frame and its calls, only when checkout pays through Stripe (ADR 0019). Stripe's
 * documented policy adds its API for connect and hooks.stripe.com for 3-D Secure frames; a stand-in (tests) serves all
 * from its one origin. The sandbox (the default) adds nothing.
 */
export function stripeSources(env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_JS_URL" | "STRIPE_API_BASE">) {
  if (env.PAYMENT_PROVIDER !== "stripe") return { script: [], frame: [], connect: [] };
  const js = new URL(env.STRIPE_JS_URL).origin;
  const official = js === "https://js.stripe.com";
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : "https://api.stripe.com";
  const unique = (list: string[]) => [...new Set(list)];
  return { script: [js], frame: unique([js, ...(official ? ["https://hooks.stripe.com"] : [])]), connect: unique([js, ...(official ? [api] : [])]) };
}

/**
 * The headers of every JSON answer, as a list set before the handler runs (server/http/middleware/api-answers.ts):
 * the pages' headers but a policy that allows nothing, since a JSON answer loads nothing and is never framed, and so
 * no nonce to make. Taken from hono's own middleware, run once, so that both stay the same headers but the policy.
 */
export async function apiSecurityHeaders(env: Env): Promise<[string, string][]> {
  const app = new Hono();
  app.use("*", secureHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, ...commonHeaders(env) }));
  app.get("/", (c) => c.body(null, 204));
  const answer = await app.request("/");
  return [...answer.headers.entries()].filter(([name]) => name !== "content-type");
}

function commonHeaders(env: Env) {
  return {
    strictTransportSecurity: env.NODE_ENV === "production" ? "max-age=63072000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: permissionsPolicy(env),
  } as const;
}

/**
 * Browser features the shop never uses are switched off, for its own scripts and any frame alike. Payment stays open
 * to Stripe's frame only when checkout pays through Stripe: its Express Checkout Element (wallet buttons, ADR 0044)
 * uses the Payment Request API from inside that frame. Left alone because pages use them: clipboard and web-share
 * (the referral link), fullscreen and autoplay (videos).
 */
export function permissionsPolicy(env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_JS_URL" | "STRIPE_API_BASE">) {
  const denied = [] as string[];
  const stripeFrame = stripeSources(env).script;
  return {
    accelerometer: denied,
    browsingTopics: denied,
    camera: denied,
    displayCapture: denied,
    geolocation: denied,
    gyroscope: denied,
    hid: denied,
    magnetometer: denied,
    microphone: denied,
    midi: denied,
    payment: stripeFrame.length > 0 ? ["self", ...stripeFrame] : denied,
    serial: denied,
    usb: denied,
    xrSpatialTracking: denied,
  };
}

/**
 * Pages: CSP with a per-request nonce for React Router's inline scripts; HSTS only in production
 * (it would pin http://localhost to HTTPS in a developer's browser otherwise).
 * Vite's dev server gets a looser script policy for its hot-reload client.
 */
export function securityHeaders(env: Env, { viteDev = false } = {}): MiddlewareHandler {
  const headers = pageHeaders(env, viteDev);
  return async (c, next) => {
    await headers(c, next);
    // A 304 keeps the body the client (browser or CDN) already holds, with that body's nonce; a CSP on the 304 would
    // replace the stored one with this response's fresh nonce and block the stored page's scripts.
    if (c.res.status === 304) c.res.headers.delete("Content-Security-Policy");
  };
}

function pageHeaders(env: Env, viteDev: boolean): MiddlewareHandler {
  // Vite's dev server injects inline scripts and a websocket for hot reload; built pages need neither.
  const dev = viteDev;
  // Turnstile's script and frame come from Cloudflare, and only when captcha is switched on.
  const captcha = env.TURNSTILE_SITE_KEY ? ["https://challenges.cloudflare.com"] : [];
  const stripe = stripeSources(env);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...captcha, ...stripe.script] : ["'self'", NONCE, ...captcha, ...stripe.script],
      frameSrc: ["'self'", ...captcha, ...stripe.frame],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      fontSrc: ["'self'"],
      connectSrc: dev ? ["'self'", "ws:", "wss:", ...captcha, ...stripe.connect] : ["'self'", ...captcha, ...stripe.connect],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    ...commonHeaders(env),
  });
}
