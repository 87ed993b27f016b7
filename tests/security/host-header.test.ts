import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { emailOutbox } from "../../server/db/schema";
import type { DocumentHandler } from "../../server/http/pages/document";
import { PageCache } from "../../server/http/pages/page-cache";
import { findOrCreateCustomer } from "../../server/modules/customers";
import { dbOf } from "../../server/shop";
import { lastEmailTo } from "../../server/testing/accounts";
import { buySubscription } from "../../server/testing/subscriber";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 24, point 1 (high) and 3 (medium): emailed links and cached pages built from the request's Host. An attacker
 * who sends `Host: evil.example` must never get a live token in a link to their host, nor a cached page, canonical,
 * sitemap or OAuth redirect_uri naming it. Every absolute URL comes from the shop's public origin (ADR 0048).
 */
const EVIL = "evil.example";

/** A page like the real ones: its canonical and og:url are the request's own URL as React Router sees it. */
const canonicalPage: DocumentHandler = async (request) =>
  new Response(`<!doctype html><link rel="canonical" href="${request.url}"><meta property="og:url" content="${request.url}"><p>page</p>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });

describe.each([
  ["PUBLIC_URL set", { PUBLIC_URL: "https://shop.example" }, "https://shop.example"],
  ["PUBLIC_URL unset (development default)", {}, "http://localhost:3000"],
])(`Host header poisoning, %s (${testDriver()})`, (_label, env, origin) => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const cache = new PageCache();
  /** Every request of the attack names evil.example as its Host (what app.request does with an absolute URL). */
  const evil = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) => {
    shop.clock.advance(1); // "the newest email" stays well defined under the fixed clock
    return app.request(
      `http://${EVIL}${path}`,
      {
        method: init.method ?? "GET",
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...(init.cookie ? { cookie: init.cookie } : {}) },
      },
      { incoming: { socket: { remoteAddress: "203.0.113.7" } } },
    );
  };

  beforeAll(async () => {
    shop = await openTestShop({
      env: { ...env, GOOGLE_CLIENT_ID: "seed-shop", GOOGLE_CLIENT_SECRET: "x".repeat(24), GOOGLE_ISSUER: "http://127.0.0.1:9/", FACEBOOK_CLIENT_ID: "fb", FACEBOOK_CLIENT_SECRET: "fb-secret" },
    });
    app = createApp(shop, { document: canonicalPage, pageCache: cache });
  });
  afterAll(() => shop.cleanup());

  const expectOurs = async (email: string) => {
    const mail = await lastEmailTo(shop, email);
    expect(mail.text).not.toContain(EVIL);
    expect(mail.html).not.toContain(EVIL);
    expect(mail.link?.startsWith(`${origin}/`), mail.link ?? "no link").toBe(true);
  };

  it("password reset, set-password, magic link, verification and the cancel link all point at the public origin", async () => {
    // A member with a password (reset link), registered through the API (verification link).
    await evil("/api/auth/register", { method: "POST", body: { email: "member@example.com", password: "member-pass" } });
    await expectOurs("member@example.com");
    await evil("/provider/account/recover", { method: "POST", body: { email: "member@example.com" } });
    await expectOurs("member@example.com");
    await evil("/api/mail/magic", { method: "POST", body: { email: "member@example.com" } });
    await expectOurs("member@example.com");
    // A guest from checkout (set-password link), and a subscriber's signed-out cancel link.
    await findOrCreateCustomer(shop, "guest@example.com");
    await evil("/provider/account/recover", { method: "POST", body: { email: "guest@example.com" } });
    await expectOurs("guest@example.com");
    await buySubscription(shop, { email: "subscriber@example.com" });
    expect((await evil("/api/subscription/cancel-link", { method: "POST", body: { email: "subscriber@example.com" } })).status).toBe(202);
    await expectOurs("subscriber@example.com");
    const all = await dbOf(shop).select({ text: emailOutbox.text, html: emailOutbox.html }).from(emailOutbox);
    expect(all.length).toBeGreaterThan(4);
    expect(all.filter((m) => m.text.includes(EVIL) || m.html.includes(EVIL))).toEqual([]);
  });

  it("the social sign-in's redirect_uri is ours", async () => {
    const start = await evil("/api/auth/social/facebook/start");
    expect(start.status).toBe(302);
    const redirectUri = new URL(start.headers.get("location")!).searchParams.get("redirect_uri");
    expect(redirectUri).toBe(`${origin}/login/callback/facebook`);
  });

  it("robots.txt and sitemap.xml name the public origin", async () => {
    const robots = await (await evil("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await (await evil("/sitemap.xml")).text();
    expect(sitemap).not.toContain(EVIL);
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
  });

  it("a page rendered for Host: evil.example and stored in the shared page cache names only the public origin", async () => {
    cache.clear();
    const first = await evil("/science");
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(await first.text()).not.toContain(EVIL);
    const victim = await app.request(`${origin}/science`);
    expect(victim.headers.get("x-page-cache")).toBe("HIT");
    const html = await victim.text();
    expect(html).not.toContain(EVIL);
    expect(html).toContain(`<link rel="canonical" href="${origin}/science">`);
  });
});
