import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_ROUTES, ROUTES } from "../../../domain/routes";
import { createApp } from "../../app";
import { startSession } from "../../modules/auth";
import { findOrCreateCustomer } from "../../modules/customers";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../testing/test-shop";
import type { DocumentHandler } from "./document";
import { PREVIEW_COOKIE } from "../context";

const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=300";

describe(`site-wide HTTP behaviour (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "http://shop.test" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  describe("GET /api/openapi.json", () => {
    it("lists both surfaces' paths, under /api and under the provider base path", async () => {
      const res = await app.request("/api/openapi.json");
      expect(res.status).toBe(200);
      const doc = await res.json();
      expect(doc.openapi).toBe("3.1.0");
      const paths = Object.keys(doc.paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/api/events",
          "/api/newsletter",
          "/api/auth/check-authentication",
          "/api/auth/logout",
          "/api/auth/location",
          "/provider/account/user-experiment/{name}",
        ]),
      );
      for (const path of paths) expect(path).toMatch(/^\/(api|provider)\//);
      expect(doc.paths["/api/events"].post).toBeDefined();
      expect(doc.paths["/provider/account/user-experiment/{name}"].put).toBeDefined();
      expect(doc.components.schemas.Error).toBeDefined();
    });

    it("follows PROVIDER_BASE_PATH", async () => {
      const other = createApp({ ...shop, env: { ...shop.env, PROVIDER_BASE_PATH: "/backend" } });
      const doc = await (await other.request("/api/openapi.json")).json();
      expect(Object.keys(doc.paths)).toContain("/backend/account/user-experiment/{name}");
      expect(Object.keys(doc.paths).some((p) => p.startsWith("/provider/"))).toBe(false);
    });
  });

  describe("robots.txt and sitemap.xml", () => {
    it("robots.txt keeps crawlers out of personal pages and the APIs, and points at the sitemap", async () => {
      const res = await app.request("http://shop.test/robots.txt");
      expect(res.status).toBe(200);
      const text = await res.text();
      for (const path of ["/account", "/cart", "/checkout", "/api/", "/provider/"]) expect(text).toContain(`Disallow: ${path}`);
      expect(text).toContain("User-agent: *");
      expect(text).toContain("Sitemap: http://shop.test/sitemap.xml");
    });

    it("robots.txt uses PUBLIC_URL for the sitemap when set", async () => {
      const other = createApp({ ...shop, env: { ...shop.env, PUBLIC_URL: "https://www.seed.example" } });
      expect(await (await other.request("http://internal:3000/robots.txt")).text()).toContain("Sitemap: https://www.seed.example/sitemap.xml");
    });

    it("the sitemap lists the public pages and not /account, /cart or /checkout", async () => {
      const res = await app.request("http://shop.test/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      for (const name of ["home", "daily_synbiotic", "vaginal_synbiotic", "pediatric_daily", "science", "approach", "cultured", "reference_syn_wk", "contact", "privacy", "terms", "quiz"] as const) {
        expect(locs, name).toContain(ROUTES[name]);
      }
      for (const path of locs) {
        expect(path.startsWith("/account")).toBe(false);
        expect(path.startsWith("/checkout")).toBe(false);
        expect(path.startsWith("/cart")).toBe(false);
      }
      for (const name of [...ACCOUNT_ROUTES, "cart", "checkout", "thank_you", "login", "signup", "recover"] as const) {
        expect(locs, name).not.toContain(ROUTES[name]);
      }
      expect(new Set(locs).size).toBe(locs.length);
      expect(xml).toContain("<loc>http://shop.test/</loc>");
      // Every Cultured article, not only the two with route names.
      for (const slug of ["fibre-and-your-gut", "the-gut-skin-axis", "why-capsule-design-matters"]) expect(locs).toContain(`/cultured/${slug}`);
    });
  });

  describe("security headers", () => {
    it.each(["/healthz", "/api/auth/check-authentication", "/api/nope", "/robots.txt"])("%s carries CSP (frame-ancestors 'none'), nosniff, DENY framing and an X-Request-Id", async (path) => {
      const res = await app.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      if (path.startsWith("/api/")) {
        // JSON answers: nothing may load at all (ADR 0053).
        expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      } else {
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      }
      expect(csp).not.toContain("unsafe-eval");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("every response gets its own nonce and request id", async () => {
      const [a, b] = await Promise.all([app.request("/healthz"), app.request("/healthz")]);
      expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
      expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
    });

    it("a well-formed incoming X-Request-Id is kept; a malformed one is replaced", async () => {
      expect((await app.request("/healthz", { headers: { "x-request-id": "lb-abc-123" } })).headers.get("x-request-id")).toBe("lb-abc-123");
      const junk = (await app.request("/healthz", { headers: { "x-request-id": "bad id <script>" } })).headers.get("x-request-id");
      expect(junk).toMatch(/^[0-9a-f-]{36}$/);
      const long = (await app.request("/healthz", { headers: { "x-request-id": "x".repeat(500) } })).headers.get("x-request-id");
      expect(long).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("Cloudflare's Turnstile is allowed to load (script, frame) only when captcha is switched on", async () => {
      const plain = (await app.request("/healthz")).headers.get("content-security-policy") ?? "";
      expect(plain).not.toContain("challenges.cloudflare.com");
      const env = testEnv({ TURNSTILE_SECRET_KEY: "secret", TURNSTILE_SITE_KEY: "site" });
      const csp = (await createApp({ ...shop, env }).request("/healthz")).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    });

    it("no HSTS outside production", async () => {
      expect((await app.request("/healthz")).headers.get("strict-transport-security")).toBeNull();
    });

    it("HSTS only when NODE_ENV=production", async () => {
      const env = testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example" });
      const prod = createApp({ ...shop, env });
      expect((await prod.request("/healthz")).headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    });

    it("production session cookies are Secure; development ones are not", async () => {
      const env = testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example" });
      const customer = await findOrCreateCustomer(shop, "secure@example.com");
      const token = (await startSession({ ...shop, env }, customer)).token;
      const prod = createApp({ ...shop, env });
      expect((await prod.request("/api/auth/logout", { headers: { cookie: `seed_jwt=${token}` } })).headers.get("set-cookie")).toMatch(/Secure/);
      expect((await app.request("/api/auth/logout")).headers.get("set-cookie")).not.toMatch(/Secure/);
    });
  });

  describe("cache headers", () => {
    it.each([
      ["GET", "/api/auth/check-authentication", undefined],
      ["GET", "/api/openapi.json", undefined],
      ["GET", "/api/nope", undefined],
      ["POST", "/api/events", "{bad"],
      ["POST", "/api/events", JSON.stringify({ events: [{ name: "cache", properties: { a: "x".repeat(70_000) } }] })],
      ["GET", "/provider/nope", undefined],
      ["PUT", "/provider/account/user-experiment/x", JSON.stringify({ variant: "a" })],
    ])("%s %s is no-store, errors included", async (method, path, body) => {
      const res = await app.request(path, { method, ...(body ? { body, headers: { "content-type": "application/json" } } : {}) });
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("a 415 from /api is no-store too", async () => {
      const res = await app.request("/api/events", { method: "POST", body: "x", headers: { "content-type": "text/plain" } });
      expect(res.status).toBe(415);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("health checks are no-store; robots.txt and the sitemap are public", async () => {
      expect((await app.request("/healthz")).headers.get("cache-control")).toBe("no-store");
      expect((await app.request("/readyz")).headers.get("cache-control")).toBe("no-store");
      expect((await app.request("/robots.txt")).headers.get("cache-control")).toMatch(/^public/);
      expect((await app.request("/sitemap.xml")).headers.get("cache-control")).toMatch(/^public/);
    });

    describe("pages", () => {
      const document: DocumentHandler = async (request) =>
        new Response("<!doctype html><title>page</title>", { status: new URL(request.url).pathname === "/missing" ? 404 : 200, headers: { "content-type": "text/html" } });
      let pages: ReturnType<typeof createApp>;
      beforeAll(() => {
        pages = createApp(shop, { document });
      });

      it("an anonymous content page may be cached by a CDN", async () => {
        for (const path of ["/", "/science", "/daily-synbiotic", "/cartography"]) {
          expect((await pages.request(path)).headers.get("cache-control"), path).toBe(PUBLIC_PAGE_CACHE);
        }
      });

      it.each([
        ...ACCOUNT_ROUTES.map((n) => ROUTES[n]),
        "/account/anything",
        "/cart",
        "/cart/",
        "/checkout",
        "/checkout/pay",
        "/thank-you",
        // React Router's client navigations fetch the same pages' data as /<page>.data.
        "/thank-you.data",
        "/cart.data",
        "/checkout.data",
        "/account/orders.data",
      ])(
        "%s is personal: private, no-store",
        async (path) => {
          expect((await pages.request(path)).headers.get("cache-control")).toBe("private, no-store");
        },
      );

      it("a signed-in visitor's page is never cached, not even a content page", async () => {
        const customer = await findOrCreateCustomer(shop, "cache@example.com");
        const { token } = await startSession(shop, customer);
        expect((await pages.request("/science", { headers: { cookie: `seed_jwt=${token}` } })).headers.get("cache-control")).toBe("private, no-store");
      });

      it("a visitor with a preview cookie gets an uncached page", async () => {
        expect((await pages.request("/science", { headers: { cookie: `${PREVIEW_COOKIE}=data-redesign` } })).headers.get("cache-control")).toBe("private, no-store");
      });

      it("a browser that just placed an order (last-order cookie) gets uncached pages", async () => {
        expect((await pages.request("/science", { headers: { cookie: "seed_last_order=x" } })).headers.get("cache-control")).toBe("private, no-store");
      });

      it("a content page's data request may be cached like the page", async () => {
        expect((await pages.request("/science.data")).headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE);
        expect((await pages.request("/_root.data")).headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE);
      });

      it("a page that is not 200 is not cached", async () => {
        expect((await pages.request("/missing")).headers.get("cache-control")).toBe("private, no-store");
      });
    });
  });

  describe("test hooks", () => {
    const LOCAL = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    it("are not mounted unless ENABLE_TEST_HOOKS is set", async () => {
      const res = await app.request("/__test/events/count?name=x");
      expect(res.status).toBe(404);
      const session = await app.request("/__test/session", { method: "POST", body: JSON.stringify({ email: "a@example.com" }), headers: { "content-type": "application/json" } });
      expect(session.status).toBe(404);
    });

    it("with ENABLE_TEST_HOOKS, /__test/session signs in and /__test/events/count reads stored events back", async () => {
      const hooks = createApp({ ...shop, env: { ...shop.env, ENABLE_TEST_HOOKS: true } });
      const signIn = await hooks.request(
        "/__test/session",
        {
          method: "POST",
          body: JSON.stringify({ email: "hooks@example.com", experiments: { referral_badge_2: "new_badge" } }),
          headers: { "content-type": "application/json" },
        },
        LOCAL,
      );
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("set-cookie")).toMatch(/^seed_jwt=/);
      await hooks.request("/api/events", { method: "POST", body: JSON.stringify({ events: [{ name: "Button Clicked", properties: { name: "hooks-count", location: "test" } }, { name: "Button Clicked", properties: { name: "hooks-count", location: "test" } }], consent: { C0002: true } }), headers: { "content-type": "application/json" } });
      const res = await hooks.request("/__test/events/count?button=hooks-count", {}, LOCAL);
      expect(await res.json()).toEqual({ button: "hooks-count", count: 2 });
    });

    it("answer only clients on this machine, and are never mounted in production", async () => {
      const hooks = createApp({ ...shop, env: { ...shop.env, ENABLE_TEST_HOOKS: true } });
      const remote = { incoming: { socket: { remoteAddress: "192.168.1.50" } } };
      const session = await hooks.request("/__test/session", { method: "POST", body: JSON.stringify({ email: "far@example.com" }), headers: { "content-type": "application/json", "X-Forwarded-For": "127.0.0.1" } }, remote);
      expect(session.status).toBe(404);
      expect(session.headers.get("set-cookie")).toBeNull();
      expect((await hooks.request("/__test/events/count?name=x", {}, remote)).status).toBe(404);
      const production = createApp({ ...shop, env: { ...shop.env, NODE_ENV: "production", ENABLE_TEST_HOOKS: true } });
      expect((await production.request("/__test/events/count?name=x", {}, LOCAL)).status).toBe(404);
    });
  });
});
