import { readdirSync, readFileSync } from "node:fs";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSetCookie } from "../../domain/cart-cookie";
import { cookieString } from "../../domain/cookie-string";
import { createApp } from "../../server/app";
import { parseEnv } from "../../server/env";
import { clearedStaffCookie, staffCookie } from "../../server/http/console/cookie";
import { clearSessionCookie, clearSessionCookieHeader, sessionCookieHeader, setSessionCookie } from "../../server/http/cookies";
import type { DocumentHandler } from "../../server/http/pages/document";
import { setLastOrderCookie } from "../../server/http/pages/last-order-cookie";
import type { AppEnv } from "../../server/http/types";
import { fromRoot } from "../../server/lib/root";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 12 (low): no Permissions-Policy header, and cookies without Secure in production (the cart cookie,
 * seed_cart_items, among them). Every cookie the shop writes, on the server or in the browser, is listed here.
 */
const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example" };
const FACEBOOK = { FACEBOOK_CLIENT_ID: "fb", FACEBOOK_CLIENT_SECRET: "fb-secret" };
const page: DocumentHandler = async () => new Response("<!doctype html><p>page</p>", { headers: { "Content-Type": "text/html" } });

/** A Permissions-Policy header as feature → allow-list. */
const policyOf = (header: string | null) => Object.fromEntries((header ?? "").split(/,\s*/).map((d) => d.split("=") as [string, string]));

describe(`Permissions-Policy (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it.each(["/", "/api/auth/check-authentication", "/healthz"])("%s denies camera, microphone, geolocation, payment, usb and topics", async (path) => {
    const app = createApp({ ...shop, env: testEnv(PRODUCTION) }, { document: page });
    const policy = policyOf((await app.request(`https://shop.example${path}`)).headers.get("Permissions-Policy"));
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics"]) expect(policy[feature], feature).toBe("()");
  });

  it("with Stripe, payment is open to the shop and Stripe's frame only (the wallet buttons, ADR 0044)", async () => {
    const env = testEnv({ ...PRODUCTION, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" });
    const res = await createApp({ ...shop, env }, { document: page }).request("https://shop.example/checkout");
    expect(policyOf(res.headers.get("Permissions-Policy")).payment).toBe('(self "https://js.stripe.com")');
  });
});

describe(`every cookie is Secure in production (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ env: { ...PRODUCTION, ...FACEBOOK } });
  });
  afterAll(() => shop.cleanup());

  const expectSecure = (cookies: string[]) => {
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure(;|$)/i);
  };

  it("the cookies written through hono: session, last order, social flow (set and cleared), console", async () => {
    const env = shop.env;
    const app = new Hono<AppEnv>().use("*", async (c, next) => {
      c.set("shop", shop);
      await next();
    });
    app.get("/session", (c) => (setSessionCookie(c, "t", new Date(Date.now() + 60_000)), c.body(null)));
    app.get("/session-end", (c) => (clearSessionCookie(c), c.body(null)));
    app.get("/last-order", async (c) => (await setLastOrderCookie(c, "order-1"), c.body(null)));
    for (const path of ["/session", "/session-end", "/last-order"]) expectSecure((await app.request(path)).headers.getSetCookie());
    expectSecure([sessionCookieHeader(env, "t", new Date(Date.now() + 60_000)), clearSessionCookieHeader(env), staffCookie(env, "t", new Date(Date.now() + 60_000)), clearedStaffCookie(env)]);

    const shopApp = createApp(shop);
    expectSecure((await shopApp.request("https://shop.example/api/auth/social/facebook/start")).headers.getSetCookie());
    const signOn = await shopApp.request("https://shop.example/provider/account/facebook-signon", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "seed_oauth=stale" },
      body: JSON.stringify({ code: "c", state: "s", redirect_url: "https://shop.example/login/callback/facebook" }),
    });
    expectSecure(signOn.headers.getSetCookie().filter((c) => c.startsWith("seed_oauth=")));
  });

  it("the cookies written as strings, by the browser over HTTPS and by page loaders at the https public origin: cart, cart id, country, device, referral", () => {
    expectSecure([cartSetCookie({ "syn-wk": 1 }, "https:"), cookieString("seed_cart_id", "x", { maxAgeS: 60, protocol: "https:" })]);
    // Development over http://localhost keeps its cookies: no Secure there.
    expect(cartSetCookie({}, "http:")).not.toMatch(/Secure/);
  });

  /**
   * Every place in server/ and app/ that writes a cookie, and why it is Secure in production. A new writer fails here
   * until it is added, with its reason, after being checked.
   */
  const WRITERS: Record<string, string> = {
    "server/http/cookies.ts": "secure: NODE_ENV === production (the session cookie)",
    "server/http/api/auth.ts": "secure: NODE_ENV === production (the social flow cookie)",
    "server/http/provider/account.ts": "secure: NODE_ENV === production (clearing the social flow cookie)",
    "server/http/context/accounts.ts": "secure: NODE_ENV === production (clearing the social flow cookie)",
    "server/http/pages/last-order-cookie.ts": "secure: NODE_ENV === production",
    "server/http/console/cookie.ts": "secure: NODE_ENV === production (the staff cookie)",
    "server/http/console/auth.ts": "staffCookie / clearedStaffCookie",
    "app/components/account/reply.server.ts": "result.setCookie: sessionCookieHeader / clearSessionCookieHeader",
    "app/routes/account/social-callback.tsx": "result.setCookie: sessionCookieHeader",
    "app/routes/account/logout.tsx": "result.setCookie: clearSessionCookieHeader",
    "app/routes/console/home.tsx": "clearedStaffCookie through the console context",
    "app/routes/console/sign-in.tsx": "staffCookie through the console context",
    "app/routes/cart/cart.tsx": "cartSetCookie with the request's protocol",
    "app/components/cart/cart-store.ts": "cartSetCookie / cookieString with location.protocol",
    "app/components/cart/stored-cart.ts": "cookieString with location.protocol",
    "app/components/product/country.ts": "cookieString with location.protocol",
    "app/components/referrals/refer-loader.server.ts": "cookieString with the request's protocol (device cookie)",
    "app/routes/referrals/landing.tsx": "cookieString with the request's protocol (referral cookie)",
    "app/routes/content/quiz.tsx": "cookieString with the request's protocol (the quiz's answers, HttpOnly)",
    "app/lib/consent.ts": "Secure when location.protocol is https:",
  };

  it("every cookie writer in server/ and app/ is one of the audited ones", () => {
    const writes = /setCookie\(|deleteCookie\(|generateCookie\(|serialize\(|"Set-Cookie"[,:]|document\.cookie =/;
    const skipped = /\.test\.tsx?$|testdata|^server\/testing\//;
    const found = ["server", "app"]
      .flatMap((dir) => readdirSync(fromRoot(dir), { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
      .filter((file) => /\.tsx?$/.test(file) && !skipped.test(file) && writes.test(readFileSync(fromRoot(file), "utf8")));
    expect(found.sort()).toEqual(Object.keys(WRITERS).sort());
  });
});

describe("the env the tests above assume", () => {
  it("production refuses to start without a public origin (so the page loaders' protocol is the public one)", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40) })).toThrow(/PUBLIC_URL/);
  });
});
