import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointsForPayment } from "../../domain/loyalty";
import { orderNumber } from "../../domain/orders";
import { createApp } from "../../server/app";
import { orders, paymentMethods } from "../../server/db/schema";
import { findCustomerByEmail } from "../../server/modules/customers";
import { creditBalance, grantCredit, pointsBalance } from "../../server/modules/loyalty";
import { memberOrders, memberOrderSummary } from "../../server/modules/orders";
import { dbOf } from "../../server/shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../server/testing/accounts";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";
import { drainDueRenewals } from "../../server/workflows/renew-subscription";

/**
 * Issue 33, point 8 (low): a signed-out checkout with a member's email attached the order (the stranger's card, name
 * and address) to that member's account: their history, their subscriptions, their points. Such an order is now held
 * until the address is proven from its mailbox (a magic link, a code, a reset or verification link), which claims it;
 * a password sign-in proves only the password (ADR 0057).
 */
describe(`a guest order under a member's email stays a guest order until the address is proven (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let http: ReturnType<typeof requester>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-02-01T12:00:00Z" });
    app = createApp(shop);
    http = requester(app, "192.0.2.80", shop);
  });
  afterAll(() => shop.cleanup());

  async function member(email: string, password: string): Promise<{ id: string; cookie: string }> {
    await http.post("/api/auth/register", { email, password });
    await http.get(new URL((await lastEmailTo(shop, email)).link!).pathname);
    const cookie = sessionCookieOf(await http.post("/provider/account/login", { email, password }));
    return { id: (await findCustomerByEmail(dbOf(shop), email))!.id, cookie };
  }
  const subscriptionsOf = async (cookie: string) => ((await (await http.get("/api/user", cookie)).json()) as { subscriptions: unknown[] }).subscriptions;

  it("the stranger's order is not in the member's history, portal or points until a magic link proves the address; then it is", async () => {
    const owner = await member("held@example.com", "owner-secret");
    const strangers = await placeTestOrder(app, { email: "held@example.com", firstName: "Mallory", lastName: "Stranger", address1: "66 Stranger Lane" });

    // Signed in with the password: nothing of the stranger's shows.
    const byPassword = sessionCookieOf(await http.post("/provider/account/login", { email: "held@example.com", password: "owner-secret" }));
    expect(await memberOrders(dbOf(shop), owner.id)).toEqual([]);
    await expect(memberOrderSummary(dbOf(shop), owner.id, strangers.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await subscriptionsOf(byPassword)).toEqual([]);
    expect(await pointsBalance(dbOf(shop), owner.id)).toBe(0);

    // The mailbox's reader signs in with a magic link: the order, its subscription and its points are theirs now.
    expect((await http.post("/api/mail/magic", { email: "held@example.com" })).status).toBe(200);
    const magic = tokenOf((await lastEmailTo(shop, "held@example.com")).link, "magic");
    const byLink = sessionCookieOf(await http.post("/api/auth/magic", { token: magic }));
    expect((await memberOrders(dbOf(shop), owner.id)).map((o) => o.number)).toEqual([strangers.number]);
    expect(await subscriptionsOf(byLink)).toHaveLength(1);
    expect(await pointsBalance(dbOf(shop), owner.id)).toBeGreaterThan(0);
  });

  it("a signed-in member's own checkout is theirs at once", async () => {
    const owner = await member("own@example.com", "owner-secret");
    const order = await placeTestOrder(app, { email: "own@example.com", cookie: owner.cookie });
    expect((await memberOrders(dbOf(shop), owner.id)).map((o) => o.number)).toEqual([order.number]);
    expect(await subscriptionsOf(owner.cookie)).toHaveLength(1);
  });

  it("a first order under a new email is that new customer's, as before", async () => {
    const order = await placeTestOrder(app, { email: "first-time@example.com" });
    const customer = (await findCustomerByEmail(dbOf(shop), "first-time@example.com"))!;
    expect((await memberOrders(dbOf(shop), customer.id)).map((o) => o.number)).toEqual([order.number]);
  });

  /** Signs in with a 6-digit code from the mailbox (a proof of the address, which claims held orders). */
  async function signInWithCode(email: string): Promise<string> {
    expect((await http.post("/api/mail/code", { email })).status).toBe(200);
    const { code } = await lastEmailTo(shop, email);
    const res = await http.post("/api/auth/code", { email, code });
    expect(res.status).toBe(200);
    return sessionCookieOf(res);
  }

  it("a held subscription that renews before the claim: its renewal order is held too (no history, points or credit), and the claim brings it with its points once", async () => {
    const owner = await member("held-renewal@example.com", "owner-secret");
    await grantCredit(dbOf(shop), { customerId: owner.id, amount: 1000, currency: "USD", reason: "referral", key: `grant:${randomUUID()}`, now: shop.clock.now() });
    const strangers = await placeTestOrder(app, { email: "held-renewal@example.com", firstName: "Mallory", lastName: "Stranger", address1: "66 Stranger Lane" });

    // The stranger's subscription renews before anyone proves the address, paid by the stranger's (held) card.
    shop.clock.advance(95 * 24 * 3600_000);
    await drainDueRenewals(shop);
    const [renewal] = await dbOf(shop).select().from(orders).where(and(eq(orders.customerId, owner.id), like(orders.idempotencyKey, "renewal:%")));
    expect(renewal).toBeDefined();
    expect(renewal!.total).toBeGreaterThan(0);
    expect(renewal!.discounts).not.toContainEqual(expect.objectContaining({ code: "CREDIT" }));
    expect(await memberOrders(dbOf(shop), owner.id)).toEqual([]);
    await expect(memberOrderSummary(dbOf(shop), owner.id, renewal!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await pointsBalance(dbOf(shop), owner.id)).toBe(0);
    expect(await creditBalance(dbOf(shop), owner.id, "USD")).toBe(1000);

    // A code from the mailbox claims both orders; their points are earned once, and a second proof earns nothing more.
    await signInWithCode("held-renewal@example.com");
    expect((await memberOrders(dbOf(shop), owner.id)).map((o) => o.number).sort()).toEqual([strangers.number, orderNumber(renewal!.number)].sort());
    const earned = pointsForPayment(strangers.total) + pointsForPayment(renewal!.total);
    expect(await pointsBalance(dbOf(shop), owner.id)).toBe(earned);
    await signInWithCode("held-renewal@example.com");
    expect(await pointsBalance(dbOf(shop), owner.id)).toBe(earned);
    expect(await creditBalance(dbOf(shop), owner.id, "USD")).toBe(1000);
  });

  it("the stranger's card is not the member's saved card (account, checkout) until the claim", async () => {
    const owner = await member("held-card@example.com", "owner-secret");
    await placeTestOrder(app, { email: "held-card@example.com", firstName: "Mallory", card: { number: "5555555555554444", expMonth: 11, expYear: 2031 } });
    const [card] = await dbOf(shop).select().from(paymentMethods).where(eq(paymentMethods.customerId, owner.id));
    expect(card!.last4).toBe("4444");
    const userOf = async (cookie: string) => (await (await http.get("/api/user", cookie)).json()) as { card: { last4: string } | null };
    const buyWithSaved = (cookie: string) =>
      app.request("/api/purchase", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), Cookie: cookie },
        body: JSON.stringify({
          email: "held-card@example.com",
          shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
          items: { "syn-gr": 1 },
          couponCodes: [],
          payment: { savedPaymentMethodId: card!.id },
          healthCertification: true,
          renewalConsent: true,
        }),
      });

    // Signed in with the password (no proof of the mailbox): the card is not in the account, and it does not pay.
    expect((await userOf(owner.cookie)).card).toBeNull();
    const refused = await buyWithSaved(owner.cookie);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    // The claim makes it the member's card.
    const byCode = await signInWithCode("held-card@example.com");
    expect((await userOf(byCode)).card).toMatchObject({ last4: "4444" });
    expect((await buyWithSaved(byCode)).status).toBe(201);
  });
});
