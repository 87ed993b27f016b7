import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { checkoutAttempts, sandboxCharges } from "../db/schema";
import { dbOf } from "../shop";
import { DS01_QUIZ } from "../../domain/quiz";
import { rateLimitedMessage } from "../../domain/rate-limited-message";
import { ROUTES } from "../../domain/routes";
import * as contentPage from "../../app/routes/content/content-page";
import * as quizPage from "../../app/routes/content/quiz";
import { routeDocument } from "../testing/route-document";
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
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    // The words say how long, as the header does (an hour's limit does not say "wait a moment").
    expect(await refused.json()).toEqual({ code: "RATE_LIMITED", message: rateLimitedMessage(wait) });
    expect(rateLimitedMessage(wait)).toMatch(/^Too many requests\. Please (wait a moment and try again|try again in (\d+ minutes|an hour|about \d+ hours))\.$/);
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

  const DECLINED = "4000000000000002";
  const tokenize = (ip: string, card: { number?: string; expMonth?: number; expYear?: number } = {}, captchaToken?: string) =>
    app.request(
      "/api/payments/sandbox/tokenize",
      json({ number: card.number ?? DECLINED, expMonth: card.expMonth ?? 12, expYear: card.expYear ?? 2030, cvc: "123", ...(captchaToken ? { captchaToken } : {}) }),
      from(ip),
    );
  const buy = (ip: string, email: string, token: string, captchaToken?: string, idempotencyKey = randomUUID()) =>
    app.request(
      "/api/purchase",
      json(
        { email, shippingAddress: US_ADDRESS, items: { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true, ...(captchaToken ? { captchaToken } : {}) },
        { "Idempotency-Key": idempotencyKey },
      ),
      from(ip),
    );
  const tokenOf = async (res: Response) => {
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const declinedAtGateway = async () => (await dbOf(shop).select({ n: count() }).from(sandboxCharges).where(eq(sandboxCharges.status, "declined")))[0]!.n;
  const CAPTCHA_REQUIRED = { code: "CAPTCHA_REQUIRED", message: "For your security, please complete the check above Place order, then try again." };

  it("purchases: thirty an hour per address, counted with the decline reads in one statement; the 31st is 429 and never reaches the gateway", async () => {
    const shopper = "198.51.100.70";
    // Tokens the gateway does not know: each purchase is counted, then answered 400 before any charge.
    for (let i = 0; i < 30; i++) expect((await buy(shopper, `p${i}@example.com`, `tok_unknown_${i}`)).status).toBe(400);
    const chargesBefore = (await dbOf(shop).select({ n: count() }).from(sandboxCharges))[0]!.n;
    const key = randomUUID();
    const refused = await buy(shopper, "p-last@example.com", await tokenOf(await tokenize(shopper, { number: "4242424242424242" })), undefined, key);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await dbOf(shop).select({ n: count() }).from(sandboxCharges))[0]!.n).toBe(chargesBefore);
    // The count and the key's claim are one statement (ADR 0047): a refused purchase claims nothing.
    expect(await dbOf(shop).select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key))).toEqual([]);
    // Another address buys as usual.
    expect((await buy("198.51.100.71", "other@example.com", await tokenOf(await tokenize("198.51.100.71", { number: "4242424242424242" })))).status).toBe(201);
  });

  it("one card: after two declines tokenising it needs a solved captcha, which then carries the purchase; after five, 429 even with one", async () => {
    const tester = "198.51.100.60";
    const gatewayBefore = await declinedAtGateway();
    for (let i = 0; i < 2; i++) expect((await buy(tester, `card${i}@example.com`, await tokenOf(await tokenize(tester)))).status).toBe(402);
    const asked = await tokenize(tester);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toEqual(CAPTCHA_REQUIRED);
    for (let i = 2; i < 5; i++) {
      // The captcha solved when tokenising carries the purchase with that token, once.
      const token = await tokenOf(await tokenize(tester, {}, "solved-captcha"));
      expect((await buy(tester, `card${i}@example.com`, token)).status).toBe(402);
      if (i === 2) expect((await buy(tester, "again@example.com", token)).status).toBe(403);
    }
    const refused = await tokenize(tester, {}, "solved-captcha");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await declinedAtGateway()) - gatewayBefore).toBe(5);
  });

  it("one email: after three declines the purchase asks for a captcha (nothing reaches the gateway), then goes through with one", async () => {
    const tester = "198.51.100.61";
    const email = "victim@example.com";
    for (let i = 0; i < 3; i++) expect((await buy(tester, email, await tokenOf(await tokenize(tester, { expYear: 2031 + i })))).status).toBe(402);
    const gatewayBefore = await declinedAtGateway();
    const good = await tokenOf(await tokenize(tester, { number: "4242424242424242" }));
    const key = randomUUID();
    const asked = await buy(tester, email, good, undefined, key);
    expect(asked.status).toBe(403);
    expect(await asked.json()).toEqual(CAPTCHA_REQUIRED);
    expect(await declinedAtGateway()).toBe(gatewayBefore);
    // Asked for a captcha before its key was claimed: the same key, with one solved, is a new try, not this answer again.
    expect(await dbOf(shop).select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key))).toEqual([]);

    // With a captcha secret set, a token the verifier cannot confirm is CAPTCHA_FAILED.
    const env = shop.env as { TURNSTILE_SECRET_KEY?: string; TURNSTILE_VERIFY_URL?: string };
    const saved = { secret: env.TURNSTILE_SECRET_KEY, url: env.TURNSTILE_VERIFY_URL };
    env.TURNSTILE_SECRET_KEY = "test-secret";
    env.TURNSTILE_VERIFY_URL = "http://127.0.0.1:9/siteverify"; // nothing listens there
    try {
      const failed = await buy(tester, email, good, "token-the-verifier-cannot-confirm");
      expect(failed.status).toBe(400);
      expect(((await failed.json()) as { code: string }).code).toBe("CAPTCHA_FAILED");
    } finally {
      env.TURNSTILE_SECRET_KEY = saved.secret;
      env.TURNSTILE_VERIFY_URL = saved.url;
    }
    // Without a secret (development) any solved token verifies: the order is placed, under the key first refused.
    expect((await buy(tester, email, await tokenOf(await tokenize(tester, { number: "4242424242424242" })), "solved-captcha", key)).status).toBe(201);
  });

  it("a card tester who solves every captcha: of 25 declined purchases from one address (new card and email each), 20 reach the gateway, the rest 429", async () => {
    const tester = "198.51.100.62";
    const gatewayBefore = await declinedAtGateway();
    const statuses: number[] = [];
    let captchas = 0;
    for (let i = 0; i < 25; i++) {
      const card = { expMonth: 1 + (i % 12), expYear: 2040 + Math.floor(i / 12) };
      let tokenRes = await tokenize(tester, card);
      if (tokenRes.status === 403) {
        captchas += 1;
        tokenRes = await tokenize(tester, card, "solved-captcha");
      }
      if (tokenRes.status !== 200) {
        statuses.push(tokenRes.status);
        if (tokenRes.status === 429) expect(Number(tokenRes.headers.get("retry-after"))).toBeGreaterThan(0);
        continue;
      }
      statuses.push((await buy(tester, `tester${i}@example.com`, await tokenOf(tokenRes))).status);
    }
    expect(statuses).toEqual([...Array(20).fill(402), ...Array(5).fill(429)]);
    expect(captchas).toBe(15);
    expect((await declinedAtGateway()) - gatewayBefore).toBe(20);
    // A shopper at another address is not affected.
    expect((await buy("198.51.100.63", "shopper@example.com", await tokenOf(await tokenize("198.51.100.63", { number: "4242424242424242" })))).status).toBe(201);
  }, 120_000); // some 70 requests: quick alone, slow on a loaded machine
});

/**
 * Every other named limit, each on the routes that count against it, with small numbers (RATE_LIMITS overrides) so
 * each is spent in a few requests: the (limit + 1)th request is 429 RATE_LIMITED with Retry-After, and the same
 * requests from another address still pass.
 */
describe(`every named limit holds on its routes (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const LIMIT = 3;
  beforeAll(async () => {
    shop = await openTestShop();
    const named = ["tokenize-per-address", "preview-per-address", "forms-per-address", "coupon-checks-per-address", "mail-forms-per-address"];
    const env = testEnv({ RATE_LIMITS: named.map((name) => `${name}=${LIMIT}/1h`).join(",") });
    app = createApp({ ...shop, env }, { document: routeDocument({ [ROUTES.contact]: contentPage, [ROUTES.quiz]: quizPage }) });
  });
  afterAll(() => shop.cleanup());

  type Send = (ip: string, i: number) => Response | Promise<Response>;
  const post = (path: string, body: unknown): Send => (ip) => app.request(path, json(body), from(ip));
  const page = (path: string, fields: (i: number) => Record<string, string>): Send => (ip, i) =>
    app.request(path, { method: "POST", body: new URLSearchParams(fields(i)).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } }, from(ip));

  /** `LIMIT` requests pass with `passes`, the next is refused with a wait, and another address is not held back. */
  let others = 0;
  async function spends(send: Send, ip: string, passes: number): Promise<void> {
    for (let i = 0; i < LIMIT; i++) expect((await send(ip, i)).status, `request ${i + 1}`).toBe(passes);
    const refused = await send(ip, LIMIT);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests");
    expect((await send(`203.0.113.${++others}`, 0)).status).toBe(passes);
  }

  const card = { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
  const cart = { items: { "syn-wk-3mo": 1 }, coupon_codes: [], country: "US" };
  const contact = (i: number) => ({ form: "contact", name: "Kim", email: "kim@example.com", topic: "Something else", message: `Message #${i}` });
  const firstQuestion = DS01_QUIZ.questions[0]!;

  it("tokenising a card (tokenize-per-address)", () => spends(post("/api/payments/sandbox/tokenize", card), "198.51.100.80", 200));

  it("price previews and shipping rates share preview-per-address", async () => {
    await spends(post("/provider/ecommerce/purchase/preview", cart), "198.51.100.81", 200);
    const rates = await app.request("/provider/ecommerce/shipping_rates", json({ country: "US" }), from("198.51.100.81"));
    expect(rates.status).toBe(429);
  });

  it("a preview or a purchase naming a coupon is a coupon check (coupon-checks-per-address); pricing without one is not", async () => {
    const withCoupon = { ...cart, coupon_codes: ["WELCOME10"] };
    await spends(post("/provider/ecommerce/purchase/preview", withCoupon), "198.51.100.82", 200);
    // The purchase counts the same checks: refused before anything else is looked at (this body is otherwise bad).
    const purchase = await app.request("/api/purchase", json({ couponCodes: ["WELCOME10"] }, { "Idempotency-Key": randomUUID() }), from("198.51.100.82"));
    expect(purchase.status).toBe(429);
    // A preview without a coupon still prices (its own limit is the preview's).
    const plain = await app.request("/provider/ecommerce/purchase/preview", json(cart), from("198.51.100.83"));
    expect(plain.status).toBe(200);
  });

  it("the quiz's answers, by API and by the page's plain form, and the captcha check share forms-per-address", async () => {
    await spends(post("/provider/survey/survey-answers?survey_name=is-ds01-right-for-you", { answers: {} }), "198.51.100.84", 200);
    await spends(page(ROUTES.quiz, () => ({ question: firstQuestion.id, answer: firstQuestion.options[0]!.id })), "198.51.100.85", 302);
    await spends(post("/api/turnstile/verify", { token: "solved" }), "198.51.100.86", 200);
  });

  it("the contact form, by API and by the page's plain form (mail-forms-per-address)", async () => {
    await spends(post("/api/mail/contact", { name: "Kim", email: "kim@example.com", topic: "Something else", message: "Hello" }), "198.51.100.87", 200);
    await spends(page(ROUTES.contact, contact), "198.51.100.88", 200);
  });
});

