import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { sandboxCharges } from "../db/schema";
import { dbOf } from "../shop";
import { openTestShop, testDriver, testEnv, type TestShop } from "../testing/test-shop";

/** app.request with the socket peer a real connection would have. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const US_ADDRESS = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

describe(`rate limits over HTTP (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({ env: { RATE_LIMITS: "on" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const newsletter = (ip: string, headers: Record<string, string> = {}, a = app) =>
    a.request("/api/newsletter", json({ email: `n${randomUUID().slice(0, 8)}@example.com` }, headers), from(ip));

  it("newsletter: ten sign-ups an hour per address, then 429 RATE_LIMITED with Retry-After; other addresses unaffected", async () => {
    for (let i = 0; i < 10; i++) expect((await newsletter("198.51.100.1")).status).toBe(200);
    const refused = await newsletter("198.51.100.1");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await newsletter("198.51.100.2")).status).toBe(200);
  });

  it("a forged X-Forwarded-For does not make a new client when no proxy is trusted", async () => {
    for (let i = 0; i < 10; i++) await newsletter("198.51.100.3", { "X-Forwarded-For": `203.0.113.${i}` });
    expect((await newsletter("198.51.100.3", { "X-Forwarded-For": "203.0.113.99" })).status).toBe(429);
  });

  it("behind a trusted proxy the client is the first untrusted hop from the right; hops it forged are ignored", async () => {
    const proxied = createApp({ ...shop, env: testEnv({ RATE_LIMITS: "on", TRUST_PROXY: "10.0.0.0/8" }) });
    for (let i = 0; i < 10; i++) {
      // The client forges a different left-most hop each time; the proxy appends the real address.
      expect((await newsletter("10.0.0.5", { "X-Forwarded-For": `192.0.2.${i}, 198.51.100.20` }, proxied)).status).toBe(200);
    }
    expect((await newsletter("10.0.0.6", { "X-Forwarded-For": "192.0.2.77, 198.51.100.20, 10.0.0.9" }, proxied)).status).toBe(429);
    expect((await newsletter("10.0.0.5", { "X-Forwarded-For": "198.51.100.21" }, proxied)).status).toBe(200);
  });

  it("IPv6 clients are counted by their /64, and an IPv4-mapped address as the IPv4 address", async () => {
    for (let i = 0; i < 10; i++) expect((await newsletter(`2001:db8:1:2::${i + 1}`)).status).toBe(200);
    expect((await newsletter("2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await newsletter("2001:db8:1:3::1")).status).toBe(200);
    for (let i = 0; i < 10; i++) await newsletter("198.51.100.30");
    expect((await newsletter("::ffff:198.51.100.30")).status).toBe(429);
  });

  it("events: one hit per event (300 per 10 minutes), so 15 full batches pass and the 16th is refused", async () => {
    // Catalogue events (issue 15): the limit counts events whether or not consent lets them be stored.
    const batch = { events: Array.from({ length: 20 }, () => ({ name: "Button Clicked", properties: { name: "limit", location: "test" } })) };
    for (let i = 0; i < 15; i++) expect((await app.request("/api/events", json(batch), from("198.51.100.40"))).status).toBe(202);
    const refused = await app.request("/api/events", json(batch), from("198.51.100.40"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("coupon checks: guessing codes from one address is refused after 60 tries in 10 minutes", async () => {
    for (let i = 0; i < 60; i++) {
      expect((await app.request(`/api/external/coupon/GUESS${i}`, {}, from("198.51.100.50"))).status).toBe(422);
    }
    expect((await app.request("/api/external/coupon/GUESS61", {}, from("198.51.100.50"))).status).toBe(429);
    // Pricing a cart without a coupon is not a coupon check.
    const preview = await app.request("/provider/ecommerce/purchase/preview", json({ items: { "syn-wk-3mo": 1 }, coupon_codes: [], country: "US" }), from("198.51.100.50"));
    expect(preview.status).toBe(200);
  });

  it("a card tester: declined purchases stop reaching the gateway after three declines of one card", async () => {
    const tester = "198.51.100.60";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const token = await app.request("/api/payments/sandbox/tokenize", json({ number: "4000000000000002", expMonth: 12, expYear: 2030, cvc: "123" }), from(tester));
      const body = {
        email: `tester${i}@example.com`,
        shippingAddress: US_ADDRESS,
        items: { "syn-wk-3mo": 1 },
        couponCodes: [],
        payment: { token: ((await token.json()) as { token: string }).token },
        healthCertification: true,
      };
      const res = await app.request("/api/purchase", json(body, { "Idempotency-Key": randomUUID() }), from(tester));
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([402, 402, 402, 429, 429, 429, 429, 429]);
    const [declined] = await dbOf(shop).select({ n: count() }).from(sandboxCharges).where(eq(sandboxCharges.status, "declined"));
    expect(declined!.n).toBe(3);
  });
});
