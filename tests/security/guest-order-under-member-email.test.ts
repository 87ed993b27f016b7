import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { findCustomerByEmail } from "../../server/modules/customers";
import { pointsBalance } from "../../server/modules/loyalty";
import { memberOrders, memberOrderSummary } from "../../server/modules/orders";
import { dbOf } from "../../server/shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../server/testing/accounts";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

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
});
