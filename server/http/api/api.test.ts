import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { analyticsEvents, newsletterSubscribers } from "../../db/schema";
import { countEventsNamed } from "../../modules/analytics";
import { readSession, startSession } from "../../modules/auth";
import { experimentsOf, findOrCreateCustomer } from "../../modules/customers";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../testing/test-shop";

const JSON_HEADERS = { "content-type": "application/json" };
const ALL = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

describe(`shop API through createApp(shop).request() (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const post = (path: string, body: unknown, headers: Record<string, string> = JSON_HEADERS) =>
    app.request(path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers });

  async function signIn(email: string) {
    const customer = await findOrCreateCustomer(shop, email);
    const { token } = await startSession(shop, customer);
    return { customer, token, cookie: `seed_jwt=${token}` };
  }

  async function expectError(res: Response, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toEqual({ code, message: expect.any(String) });
    expect(body.message.length).toBeGreaterThan(0);
    return body as { code: string; message: string };
  }

  describe("POST /api/events", () => {
    it("stores a valid batch and answers 202 with the count", async () => {
      const res = await post("/api/events", {
        events: [
          { name: "Cart Viewed", properties: { cart_id: "api-valid", quantities: [2], skus: ["SYN-WK"], location: "drawer" }, path: "/cart", anonymousId: "anon-1" },
          { name: "Hamburger Menu Click", properties: { note: "api-valid" } },
        ],
        consent: ALL,
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ stored: 2, dropped: 0 });
      const rows = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.requestId, res.headers.get("x-request-id")!)).orderBy(analyticsEvents.id);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ name: "Cart Viewed", properties: { cart_id: "api-valid", quantities: [2], skus: ["SYN-WK"], location: "drawer" }, path: "/cart", anonymousId: "anon-1", userId: null });
      expect(rows[0]!.requestId).toBe(res.headers.get("x-request-id"));
      expect(rows[0]!.createdAt.toISOString()).toBe(shop.clock.now().toISOString());
      expect(rows[1]).toMatchObject({ properties: {}, path: null });
    });

    it("ties events to the signed-in customer", async () => {
      const { customer, cookie } = await signIn("events@example.com");
      const res = await app.request("/api/events", { method: "POST", body: JSON.stringify({ events: [{ name: "Earn", properties: { location: "api-signed-in" } }], consent: ALL }), headers: { ...JSON_HEADERS, cookie } });
      expect(res.status).toBe(202);
      const [row] = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.requestId, res.headers.get("x-request-id")!));
      expect(row!.userId).toBe(customer.id);
    });

    it("bad JSON answers 400 {code, message}", async () => {
      await expectError(await post("/api/events", "{not json"), 400, "VALIDATION_ERROR");
    });

    it.each([
      ["a number as name", { events: [{ name: 42 }] }, /events\.0\.name/],
      ["a string as events", { events: "many" }, /events/],
      ["an object as properties values too deep", { events: [{ name: "x", properties: { a: { b: { c: 1 } } } }] }, /events\.0\.properties/],
      ["a name outside the catalogue", { events: [{ name: "api-made-up" }], consent: ALL }, /events\.0: "api-made-up" is not in the event catalogue/],
      ["properties that break the event's schema", { events: [{ name: "Nav Menu Click", properties: { menu: 3 } }], consent: ALL }, /events\.0: Nav Menu Click: menu/],
      ["no events", { events: [] }, /events/],
      ["no events key", {}, /events/],
    ])("wrong types (%s) answer 400 naming the field", async (_label, body, where) => {
      const error = await expectError(await post("/api/events", body), 400, "VALIDATION_ERROR");
      expect(error.message).toMatch(where);
    });

    it("more than 20 events in one batch answers 400", async () => {
      await expectError(await post("/api/events", { events: Array.from({ length: 21 }, () => ({ name: "api-too-many" })), consent: ALL }), 400, "VALIDATION_ERROR");
      expect(await countEventsNamed(shop, "api-too-many")).toBe(0);
    });

    it("a body over 64 KB answers 413 PAYLOAD_TOO_LARGE and stores nothing", async () => {
      const body = JSON.stringify({ events: [{ name: "api-oversize", properties: { a: "x".repeat(65 * 1024) } }], consent: ALL });
      const body2 = await expectError(await post("/api/events", body), 413, "PAYLOAD_TOO_LARGE");
      expect(body2.message).toBe("The request body is too large.");
      expect(await countEventsNamed(shop, "api-oversize")).toBe(0);
    });

    it("a streamed (chunked) body over 64 KB answers 413 too", async () => {
      const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 6) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const res = await app.request("/api/events", { method: "POST", body: stream, headers: JSON_HEADERS, duplex: "half" } as RequestInit);
      await expectError(res, 413, "PAYLOAD_TOO_LARGE");
    });

    it("a body just under 64 KB is read (and judged on its content)", async () => {
      const events = Array.from({ length: 20 }, () => ({ name: "Hamburger Menu Click", properties: { a: "x".repeat(1900), b: "y".repeat(1000) } }));
      const body = JSON.stringify({ events, consent: ALL });
      expect(body.length).toBeLessThan(64 * 1024);
      expect(body.length).toBeGreaterThan(56 * 1024);
      expect((await post("/api/events", body)).status).toBe(202);
    });

    it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json"])(
      "content type %s answers 415 UNSUPPORTED_MEDIA_TYPE and stores nothing",
      async (type) => {
        const res = await post("/api/events", { events: [{ name: "api-wrong-type" }] }, { "content-type": type });
        await expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
        expect(await countEventsNamed(shop, "api-wrong-type")).toBe(0);
      },
    );

    it("a cross-site form post is refused and stores nothing", async () => {
      const res = await post("/api/events", "events=1", { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" });
      expect([403, 415]).toContain(res.status);
      expect(await res.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    });

    it("JSON with a charset or a +json type is accepted", async () => {
      const before = await countEventsNamed(shop, "Logout clicked");
      expect((await post("/api/events", { events: [{ name: "Logout clicked" }], consent: ALL }, { "content-type": "application/json; charset=utf-8" })).status).toBe(202);
      expect((await post("/api/events", { events: [{ name: "Logout clicked" }], consent: ALL }, { "content-type": "application/vnd.api+json" })).status).toBe(202);
      expect(await countEventsNamed(shop, "Logout clicked")).toBe(before + 2);
    });
  });

  describe("POST /api/newsletter", () => {
    it("answers the SHA-256 of the lowercased email and stores the subscriber with the consent text", async () => {
      const res = await post("/api/newsletter", { email: "  News.Letter@Example.COM ", path: "/science" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ hashedEmail: sha256("news.letter@example.com") });
      const [row] = await dbOf(shop).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "news.letter@example.com"));
      expect(row).toMatchObject({ hashedEmail: sha256("news.letter@example.com"), sourcePath: "/science", consentText: "By signing up, you consent to receive emails", status: "pending" });
    });

    it("subscribing twice is fine: same answer, one row, the first consent stands", async () => {
      const first = await post("/api/newsletter", { email: "twice@example.com", path: "/first" });
      const second = await post("/api/newsletter", { email: "TWICE@example.com", path: "/second" });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({ hashedEmail: sha256("twice@example.com") });
      const rows = await dbOf(shop).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "twice@example.com"));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sourcePath).toBe("/first");
    });

    it.each([["not-an-email"], [""], ["a@b"], [42], [null]])("an invalid email %j answers 400 'Kindly enter a valid email address.'", async (email) => {
      const error = await expectError(await post("/api/newsletter", { email }), 400, "VALIDATION_ERROR");
      expect(error.message).toBe("Kindly enter a valid email address.");
    });

    it("a missing email answers 400 with the same words", async () => {
      expect((await expectError(await post("/api/newsletter", {}), 400, "VALIDATION_ERROR")).message).toBe("Kindly enter a valid email address.");
    });
  });

  describe("GET /api/auth/check-authentication", () => {
    it("without a session cookie: success false", async () => {
      const res = await app.request("/api/auth/check-authentication");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: false });
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("with a live session cookie: success true", async () => {
      const { cookie } = await signIn("check@example.com");
      const res = await app.request("/api/auth/check-authentication", { headers: { cookie } });
      expect(await res.json()).toEqual({ success: true });
    });

    it("with a junk cookie: success false, not an error", async () => {
      const res = await app.request("/api/auth/check-authentication", { headers: { cookie: "seed_jwt=junk.junk.junk" } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: false });
    });
  });

  describe("GET /api/auth/logout", () => {
    it("revokes the session: the same token no longer authenticates, and the cookie is cleared", async () => {
      const { token, cookie } = await signIn("logout@example.com");
      expect(await readSession(shop, token)).not.toBeNull();
      const res = await app.request("/api/auth/logout", { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      expect(res.headers.get("set-cookie")).toMatch(/seed_jwt=;.*Max-Age=0/i);
      expect(res.headers.get("set-cookie")).toMatch(/Path=\//);
      expect(await readSession(shop, token)).toBeNull();
      const check = await app.request("/api/auth/check-authentication", { headers: { cookie } });
      expect(await check.json()).toEqual({ success: false });
    });

    it("without a session it still answers 200", async () => {
      const res = await app.request("/api/auth/logout");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    });
  });

  describe("GET /api/auth/location", () => {
    // Requests as they arrive through the CDN: the socket peer is a proxy named in TRUST_PROXY.
    const viaCdn = (headers: Record<string, string> = {}) =>
      createApp({ ...shop, env: testEnv({ TRUST_PROXY: "10.0.0.0/8" }) }).request("/api/auth/location", { headers }, { incoming: { socket: { remoteAddress: "10.0.0.7" } } });

    it.each([
      [{ "cf-ipcountry": "GB", "cf-region-code": "ENG" }, { country: "GB", region: "ENG" }],
      [{ "cloudfront-viewer-country": "ca", "cloudfront-viewer-country-region": "on" }, { country: "CA", region: "ON" }],
      [{ "x-vercel-ip-country": "DE" }, { country: "DE", region: "UNKNOWN" }],
      [{ "x-country-code": "AU", "x-region-code": "NSW" }, { country: "AU", region: "NSW" }],
    ])("reads CDN headers %j from a trusted proxy", async (headers, expected) => {
      const res = await viaCdn(headers);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    });

    it("without CDN headers: UNKNOWN country and region", async () => {
      const res = await viaCdn();
      expect(await res.json()).toEqual({ country: "UNKNOWN", region: "UNKNOWN" });
    });

    it("a client talking to us directly cannot pick its country: CDN headers are ignored without TRUST_PROXY, or from a peer it does not name", async () => {
      const direct = await app.request("/api/auth/location", { headers: { "cf-ipcountry": "GB" } }, { incoming: { socket: { remoteAddress: "198.51.100.7" } } });
      expect(await direct.json()).toEqual({ country: "UNKNOWN", region: "UNKNOWN" });
      const proxied = createApp({ ...shop, env: testEnv({ TRUST_PROXY: "10.0.0.0/8" }) });
      const notTheProxy = await proxied.request("/api/auth/location", { headers: { "cf-ipcountry": "GB" } }, { incoming: { socket: { remoteAddress: "198.51.100.7" } } });
      expect(await notTheProxy.json()).toEqual({ country: "UNKNOWN", region: "UNKNOWN" });
    });

    it.each([["XX"], ["T1"], ["ABCD"], ["G-B"], [""]])("a placeholder or malformed country header %j reads as UNKNOWN", async (value) => {
      const res = await viaCdn({ "cf-ipcountry": value });
      expect((await res.json()).country).toBe("UNKNOWN");
    });

    it("is personal: never cached", async () => {
      const res = await viaCdn({ "cf-ipcountry": "GB" });
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
      expect(res.headers.get("cache-control")).toMatch(/private/);
    });
  });

  describe("PUT {PROVIDER_BASE_PATH}/account/user-experiment/{name}", () => {
    const put = (path: string, body: unknown, cookie?: string) =>
      app.request(path, { method: "PUT", body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...(cookie ? { cookie } : {}) } });

    it("answers 401 without a session", async () => {
      await expectError(await put("/provider/account/user-experiment/referral_badge_2", { variant: "new_badge" }), 401, "UNAUTHENTICATED");
    });

    it("answers 401 with a revoked session", async () => {
      const { cookie } = await signIn("revoked-exp@example.com");
      await app.request("/api/auth/logout", { headers: { cookie } });
      await expectError(await put("/provider/account/user-experiment/referral_badge_2", { variant: "new_badge" }, cookie), 401, "UNAUTHENTICATED");
    });

    it.each(["Bad-Name", "has space", "x".repeat(65), "%F0%9F%99%82"])("answers 400 for the bad name %j", async (name) => {
      const { cookie } = await signIn("bad-name@example.com");
      await expectError(await put(`/provider/account/user-experiment/${encodeURIComponent(name)}`, { variant: "a" }, cookie), 400, "VALIDATION_ERROR");
    });

    it.each([[{ variant: "" }], [{ variant: "UPPER" }], [{ variant: 1 }], [{ variant: "x".repeat(65) }]])("answers 400 for the bad body %j", async (body) => {
      const { cookie } = await signIn("bad-variant@example.com");
      await expectError(await put("/provider/account/user-experiment/referral_badge_2", body, cookie), 400, "VALIDATION_ERROR");
    });

    it("answers 200 and stores the variant for the signed-in customer", async () => {
      const { customer, cookie } = await signIn("exp@example.com");
      const res = await put("/provider/account/user-experiment/loyalty_new_user", { variant: "exclude" }, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ name: "loyalty_new_user", variant: "exclude", inExperiment: true });
      expect(await experimentsOf(shop, customer.id)).toEqual({ loyalty_new_user: "exclude" });
      expect((await put("/provider/account/user-experiment/loyalty_new_user", { variant: "control" }, cookie)).status).toBe(200);
      expect(await experimentsOf(shop, customer.id)).toEqual({ loyalty_new_user: "control" });
    });

    it("is served under the configured PROVIDER_BASE_PATH", async () => {
      const other = createApp({ ...shop, env: { ...shop.env, PROVIDER_BASE_PATH: "/backend" } });
      const { customer, token } = await signIn("base-path@example.com");
      const res = await other.request("/backend/account/user-experiment/referral_badge_2", {
        method: "PUT",
        body: JSON.stringify({ variant: "new_badge" }),
        headers: { ...JSON_HEADERS, cookie: `seed_jwt=${token}` },
      });
      expect(res.status).toBe(200);
      expect(await experimentsOf(shop, customer.id)).toEqual({ referral_badge_2: "new_badge" });
    });
  });

  describe("unknown endpoints", () => {
    it.each([
      ["GET", "/api/nope"],
      ["POST", "/api/nope/deeper"],
      ["GET", "/api"],
      ["DELETE", "/api/events"],
      ["GET", "/provider/nope"],
      ["PUT", "/provider/account/unknown/x"],
      ["DELETE", "/provider/account/user-experiment/referral_badge_2"],
    ])("%s %s answers 404 JSON", async (method, path) => {
      const res = await app.request(path, { method, ...(method === "GET" ? {} : { body: "{}", headers: JSON_HEADERS }) });
      const body = await expectError(res, 404, "NOT_FOUND");
      expect(body.message).toContain(path);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });
  });
});
