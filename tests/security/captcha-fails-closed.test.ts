import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../domain/errors";
import { createApp } from "../../server/app";
import { orders } from "../../server/db/schema";
import { dbOf } from "../../server/shop";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 6: production started without Turnstile keys and said nothing; after five declined cards the captcha
 * it asked for accepted any string ("anything-at-all" got a card token and a 201 purchase). Now a captcha that was never
 * configured never passes in production: where one would be asked the card try is refused (403 CAPTCHA_UNAVAILABLE)
 * until the decline window slides (docs/decisions/0058).
 */
describe(`production without Turnstile keys: the captcha fails closed (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop({
      now: "2027-03-01T12:00:00Z",
      env: { NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "on" },
    });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const TESTER = "198.51.100.133";
  const DECLINED = "4000000000000002";
  const GOOD = "4242424242424242";
  const ANY_STRING = "anything-at-all";
  const unavailable = () => ({ code: "CAPTCHA_UNAVAILABLE", message: ERROR_CATALOGUE.CAPTCHA_UNAVAILABLE.message });
  const US_ADDRESS = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(
      `https://shop.example${path}`,
      { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://shop.example", ...headers }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: TESTER } } },
    );
  // A new card each try (another expiry): only the address's decline count grows past its captcha step.
  const tokenize = (number: string, expMonth: number, captchaToken?: string) =>
    post("/api/payments/sandbox/tokenize", { number, expMonth, expYear: 2035, cvc: "123", ...(captchaToken ? { captchaToken } : {}) });
  const buy = (n: number, token: string, captchaToken?: string) =>
    post(
      "/api/purchase",
      { email: `tester${n}@example.com`, shippingAddress: US_ADDRESS, items: { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true, ...(captchaToken ? { captchaToken } : {}) },
      { "Idempotency-Key": randomUUID() },
    );
  const tokenOf = async (res: Response) => ((await res.json()) as { token?: string }).token ?? "no-token";
  const orderCount = async () => (await dbOf(shop).select({ n: count() }).from(orders))[0]!.n;

  it("seven declined cards from one address, then any captcha string: no token, no purchase, until the window has slid past", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Every try sends a captcha string, as the attacker did: it must never stand in for a solve.
      const tokenized = await tokenize(DECLINED, i + 1, ANY_STRING);
      if (tokenized.status !== 200) {
        statuses.push(tokenized.status);
        expect(await tokenized.json()).toEqual(unavailable());
        continue;
      }
      statuses.push((await buy(i, await tokenOf(tokenized), ANY_STRING)).status);
    }
    // Five declines reach the gateway (the address's captcha step); the rest are refused before any token is made.
    expect(statuses).toEqual([402, 402, 402, 402, 402, 403, 403]);

    const ordersBefore = await orderCount();
    // A good card, with any captcha string or none: refused at the tokenise step …
    const goodTokenize = await tokenize(GOOD, 8, ANY_STRING);
    expect(goodTokenize.status).toBe(403);
    expect(await goodTokenize.json()).toEqual(unavailable());
    expect((await tokenize(GOOD, 8)).status).toBe(403);
    // … and at the purchase, with a card token made elsewhere (another address, no captcha mark on it).
    const elsewhere = await app.request(
      "https://shop.example/api/payments/sandbox/tokenize",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ number: GOOD, expMonth: 9, expYear: 2035, cvc: "123", captchaToken: ANY_STRING }) },
      { incoming: { socket: { remoteAddress: "198.51.100.134" } } },
    );
    expect(elsewhere.status).toBe(200);
    const bought = await buy(100, await tokenOf(elsewhere), ANY_STRING);
    expect(bought.status).toBe(403);
    expect(await bought.json()).toEqual(unavailable());
    // The captcha check endpoint does not pass it either.
    expect((await post("/api/turnstile/verify", { token: ANY_STRING })).status).toBe(403);
    expect(await orderCount()).toBe(ordersBefore);

    // When the sliding decline window (an hour, ADR 0026) has passed its declines, the address buys again without any captcha.
    shop.clock.advance(2 * 60 * 60_000);
    const later = await tokenize(GOOD, 10);
    expect(later.status).toBe(200);
    expect((await buy(101, await tokenOf(later))).status).toBe(201);
    expect(await orderCount()).toBe(ordersBefore + 1);
  });
});
