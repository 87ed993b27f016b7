import { randomUUID } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { orders, paymentMethods, sandboxCharges } from "../../server/db/schema";
import { findOrCreateCustomer } from "../../server/modules/customers";
import { SESSION_COOKIE, startSession } from "../../server/modules/auth/sessions";
import { drainDueRenewals } from "../../server/workflows/renew-subscription";
import { sandboxGateway } from "../../server/integrations/payments/sandbox";
import { dbOf } from "../../server/shop";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 9: one sandbox card token paid for any number of orders, with different emails and carts, and a token
 * made with a solved captcha carried the solve into later purchases. As at real gateways (Stripe's token_already_used),
 * a one-time token now pays once; the card is reused as the customer's saved card (renewals, "pay with saved card"),
 * and a captcha solve carries one purchase (docs/decisions/0058).
 */
describe(`a card token pays once (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-03-01T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const US_ADDRESS = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };
  const TOKEN_USED = { code: "CARD_TOKEN_USED", message: "These card details were already used for a payment. Please enter your card again." };

  async function tokenize(options: { number?: string; expMonth?: number; captchaToken?: string; app?: ReturnType<typeof createApp>; ip?: string } = {}): Promise<string> {
    const res = await (options.app ?? app).request(
      "/api/payments/sandbox/tokenize",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ number: options.number ?? "4242424242424242", expMonth: options.expMonth ?? 12, expYear: 2035, cvc: "123", ...(options.captchaToken ? { captchaToken: options.captchaToken } : {}) }),
      },
      options.ip ? { incoming: { socket: { remoteAddress: options.ip } } } : undefined,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  function buy(body: { email: string; token?: string; savedPaymentMethodId?: string; items?: Record<string, number>; captchaToken?: string }, options: { key?: string; cookie?: string; app?: ReturnType<typeof createApp>; ip?: string } = {}) {
    const payment = body.savedPaymentMethodId ? { savedPaymentMethodId: body.savedPaymentMethodId } : { token: body.token };
    return (options.app ?? app).request(
      "/api/purchase",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": options.key ?? randomUUID(), ...(options.cookie ? { Cookie: options.cookie } : {}) },
        body: JSON.stringify({
          email: body.email,
          shippingAddress: US_ADDRESS,
          items: body.items ?? { "syn-wk-3mo": 1 },
          couponCodes: [],
          payment,
          healthCertification: true,
          renewalConsent: true,
          ...(body.captchaToken ? { captchaToken: body.captchaToken } : {}),
        }),
      },
      options.ip ? { incoming: { socket: { remoteAddress: options.ip } } } : undefined,
    );
  }
  const chargesOf = async (token: string) => db().select().from(sandboxCharges).where(eq(sandboxCharges.token, token));
  const liveChargesOf = async (token: string) =>
    (await db().select({ n: count() }).from(sandboxCharges).where(and(eq(sandboxCharges.token, token), inArray(sandboxCharges.status, ["authorized", "captured"]))))[0]!.n;

  it("one token, two purchases with different emails and carts: the second is refused 400 CARD_TOKEN_USED, nothing charged", async () => {
    const token = await tokenize();
    expect((await buy({ email: "first-payer@example.com", token })).status).toBe(201);
    const second = await buy({ email: "someone-else@example.com", token, items: { "syn-gr": 2 } });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual(TOKEN_USED);
    expect(await liveChargesOf(token)).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.email, "someone-else@example.com"))).toEqual([]);
  });

  it("the idempotent retry of the same purchase (same Idempotency-Key, same token) still answers the same order, charging once", async () => {
    const token = await tokenize();
    const key = randomUUID();
    const first = await buy({ email: "retrying@example.com", token }, { key });
    expect(first.status).toBe(201);
    const again = await buy({ email: "retrying@example.com", token }, { key });
    expect(again.status).toBe(201);
    const [a, b] = [(await first.json()) as { order: { id: string } }, (await again.json()) as { order: { id: string } }];
    expect(b.order.id).toBe(a.order.id);
    expect(await chargesOf(token)).toHaveLength(1);
  });

  it("money happens once: two concurrent purchases with one token, exactly one is placed and one charge is live", async () => {
    // Two shops on the same database, as two web processes sharing one PostgreSQL (on PGlite: one connection, interleaved).
    const other = createApp(shop);
    for (let round = 0; round < 5; round++) {
      const token = await tokenize();
      const answers = await Promise.all([
        buy({ email: `racer-a${round}@example.com`, token }),
        buy({ email: `racer-b${round}@example.com`, token, items: { "syn-gr": 1 } }, { app: other }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(await liveChargesOf(token)).toBe(1);
      const placed = await db().select({ n: count() }).from(orders).where(inArray(orders.email, [`racer-a${round}@example.com`, `racer-b${round}@example.com`]));
      expect(placed[0]!.n).toBe(1);
    }
  });

  it("at the gateway: ten concurrent authorizations of one token under ten keys, exactly one is authorized, the rest token_already_used", async () => {
    const token = await tokenize();
    const gateway = sandboxGateway(shop);
    const results = await Promise.all(Array.from({ length: 10 }, () => gateway.authorize({ token, amount: 4999, currency: "USD", idempotencyKey: randomUUID() })));
    expect(results.filter((r) => r.status === "authorized")).toHaveLength(1);
    expect(results.filter((r) => r.status === "declined" && r.code === "token_already_used")).toHaveLength(9);
    // Voiding the authorization gives the token back (nothing was paid): a retry of that purchase can authorize it.
    const authorized = results.find((r) => r.status === "authorized");
    if (authorized?.status !== "authorized") throw new Error("expected an authorization");
    await gateway.void(authorized.chargeId);
    expect((await gateway.authorize({ token, amount: 4999, currency: "USD", idempotencyKey: randomUUID() })).status).toBe("authorized");
  });

  it("the card keeps paying where the shop kept it: the member's saved card pays again, and its renewal is charged", async () => {
    const member = await findOrCreateCustomer(shop, "saved-card@example.com", { firstName: "Ada", lastName: "Lovelace" });
    const cookie = `${SESSION_COOKIE}=${(await startSession(shop, member)).token}`;
    const token = await tokenize();
    expect((await buy({ email: member.email, token }, { cookie })).status).toBe(201);
    const [saved] = await db().select().from(paymentMethods).where(eq(paymentMethods.customerId, member.id));
    expect(saved!.token).toBe(token);
    // Pasting the spent token again is refused; the saved card (by its id, its owner signed in) pays.
    expect((await buy({ email: member.email, token, items: { "syn-gr": 1 } }, { cookie })).status).toBe(400);
    expect((await buy({ email: member.email, savedPaymentMethodId: saved!.id, items: { "syn-gr": 1 } }, { cookie })).status).toBe(201);
    // The subscription the first order started renews on the saved card.
    shop.clock.advance(95 * 24 * 3600_000);
    await drainDueRenewals(shop);
    const captured = (await chargesOf(token)).filter((c) => c.status === "captured");
    expect(captured.length).toBeGreaterThanOrEqual(3);
  });

  it("a card token that paid cannot be kept as another member's saved card (PUT /api/billing)", async () => {
    const token = await tokenize();
    expect((await buy({ email: "victim@example.com", token })).status).toBe(201);
    const thief = await findOrCreateCustomer(shop, "thief@example.com", { firstName: "T", lastName: "Hief" });
    const cookie = `${SESSION_COOKIE}=${(await startSession(shop, thief)).token}`;
    const res = await app.request("/api/billing", { method: "PUT", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify({ cardToken: token }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(TOKEN_USED);
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.customerId, thief.id))).toEqual([]);
  });

  describe("with the decline limits on", () => {
    let limited: ReturnType<typeof createApp>;
    beforeAll(() => {
      limited = createApp({ ...shop, env: testEnv({ RATE_LIMITS: "on" }) });
    });

    it("a captcha solve carries one purchase: after the token paid, a purchase that needs a solve is refused without a new one", async () => {
      const ip = "198.51.100.190";
      const email = "solver@example.com";
      // A token made with a solved captcha (the checkout keeps the check once shown) pays an order that needed none …
      const token = await tokenize({ captchaToken: "solved-captcha", app: limited, ip });
      expect((await buy({ email, token }, { app: limited, ip })).status).toBe(201);
      // … then three declines of this email (three cards: no card reaches its own captcha step): its next purchase needs a solved captcha (ADR 0026).
      shop.clock.advance(2 * 60_000); // past the one-minute duplicate-order window (the same cart again)
      for (let i = 0; i < 3; i++) expect((await buy({ email, token: await tokenize({ number: "4000000000000002", expMonth: i + 1, app: limited, ip }) }, { app: limited, ip })).status).toBe(402);
      // The paid token carries no solve into it …
      const again = await buy({ email, token, items: { "syn-gr": 1 } }, { app: limited, ip });
      expect(again.status).toBe(403);
      expect(((await again.json()) as { code: string }).code).toBe("CAPTCHA_REQUIRED");
      // … and with a new solve it is still a spent token.
      const solved = await buy({ email, token, items: { "syn-gr": 1 }, captchaToken: "solved-again" }, { app: limited, ip });
      expect(solved.status).toBe(400);
      expect(await solved.json()).toEqual(TOKEN_USED);
      expect(await liveChargesOf(token)).toBe(1);
    });
  });
});
