import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { sessions } from "../../db/schema";
import { readSession } from "../../modules/auth";
import { dbOf } from "../../shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../testing/accounts";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const P = "/provider";

/**
 * Every user-scoped endpoint, called by member A with member B's ids in the path, the query and the body: nothing of B
 * is read or changed. The endpoints name their member by the session only; these tests keep it so.
 */
describe(`no member reaches another's account (${testDriver()})`, () => {
  let shop: TestShop;
  let http: ReturnType<typeof requester>;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string; sessionId: string; token: string };

  async function member(email: string) {
    await http.post("/api/auth/register", { email, password: "member-pass", firstName: email.split("@")[0], lastName: "Member" });
    await http.get(new URL((await lastEmailTo(shop, email)).link!).pathname);
    const res = await http.post(`${P}/account/login`, { email, password: "member-pass" });
    const cookie = sessionCookieOf(res);
    const token = cookie.split("=")[1]!;
    const session = (await readSession(shop, token))!;
    return { cookie, id: session.customerId, sessionId: session.sessionId, token };
  }

  beforeAll(async () => {
    shop = await openTestShop();
    http = requester(createApp(shop), "192.0.2.10", shop);
    a = await member("alice@example.com");
    b = await member("bob@example.com");
    await http.put("/api/shipping-address", { firstName: "Bob", lastName: "Member", address1: "2 Bob St", city: "Austin", region: "TX", postalCode: "78702", country: "US" }, b.cookie);
    await http.put(`${P}/account/user-experiment/loyalty_new_user`, { variant: "exclude" }, b.cookie);
  });
  afterAll(() => shop.cleanup());

  const bob = async () => (await http.get("/api/user", b.cookie)).json();

  it("reads: /api/user and the data export answer A's data whatever ids are added", async () => {
    for (const path of [`/api/user?customerId=${b.id}`, `/api/user?externalId=${b.id}&email=bob@example.com`, `/api/user/data?customerId=${b.id}`]) {
      const body = JSON.stringify(await (await http.get(path, a.cookie)).json());
      expect(body).toContain("alice@example.com");
      expect(body).not.toContain("bob@example.com");
      expect(body).not.toContain(b.id);
      expect(body).not.toContain("2 Bob St");
    }
    const list = JSON.stringify(await (await http.get(`/api/auth/sessions?customerId=${b.id}`, a.cookie)).json());
    expect(list).not.toContain(b.sessionId);
  });

  it("writes: B's ids in the body change only A", async () => {
    const before = await bob();
    const put = await http.put("/api/user", { firstName: "Mallory", lastName: "X", customerId: b.id, externalId: b.id, id: b.id }, a.cookie);
    expect(put.status).toBe(200);
    await http.put("/api/shipping-address", { firstName: "M", lastName: "X", address1: "6 Evil Rd", city: "Austin", region: "TX", postalCode: "78703", country: "US", customerId: b.id }, a.cookie);
    await http.put(`${P}/account/user-experiment/loyalty_new_user`, { variant: "mallory", customerId: b.id }, a.cookie);
    expect(await bob()).toEqual(before);
  });

  it("a's cookie with B's seedSessionToken answers SessionVerificationError and changes nothing", async () => {
    const before = await bob();
    const res = await http.put("/api/user", { firstName: "Mallory", lastName: "X", seedSessionToken: b.token }, a.cookie);
    expect(res.status).toBe(401);
    expect(await bob()).toEqual(before);
  });

  it("sessions: A cannot end B's session by its id", async () => {
    const res = await http.del(`/api/auth/sessions/${b.sessionId}`, a.cookie);
    expect(res.status).toBe(404);
    const [row] = await dbOf(shop).select().from(sessions).where(eq(sessions.id, b.sessionId));
    expect(row!.revokedAt).toBeNull();
    expect((await http.get("/api/user", b.cookie)).status).toBe(200);
  });

  it("email change: B's confirmation link does nothing for A", async () => {
    await http.put("/api/user", { firstName: "Bob", lastName: "Member", email: "bob-new@example.com" }, b.cookie);
    const token = tokenOf((await lastEmailTo(shop, "bob-new@example.com")).link, "confirmEmail");
    const res = await http.post("/api/user/confirm-email", { token }, a.cookie);
    expect(res.status).toBe(400);
    expect((await (await http.get("/api/user", a.cookie)).json()).email).toBe("alice@example.com");
    expect((await bob()).email).toBe("bob@example.com");
    // And the link still works for its owner.
    expect((await http.post("/api/user/confirm-email", { token }, b.cookie)).status).toBe(200);
  });

  it("deletion and sign-out everywhere with B's ids end only A's sessions", async () => {
    const c = await member("carol@example.com");
    await http.post("/api/auth/sessions/revoke-all", { customerId: b.id }, c.cookie);
    expect((await http.get("/api/user", b.cookie)).status).toBe(200);
    const d = await member("dave@example.com");
    expect((await http.post("/api/user/delete", { confirm: "DELETE", customerId: b.id }, d.cookie)).status).toBe(200);
    expect((await http.get("/api/user", b.cookie)).status).toBe(200);
  });

  it("pages: /account and /account/home render only the viewer, whatever the query", async () => {
    const app = createApp(shop, {
      document: async (_request, context) => {
        const user = await context.accounts.user();
        const sessionsList = await context.accounts.sessions();
        return new Response(JSON.stringify({ user, sessionsList }), { headers: { "content-type": "application/json" } });
      },
    });
    const pages = requester(app, "192.0.2.10", shop);
    for (const path of [`/account?customerId=${b.id}`, `/account/home?id=${b.id}`, `/account/orders?customerId=${b.id}`]) {
      const body = await (await pages.get(path, a.cookie)).text();
      expect(body).toContain("alice@example.com");
      expect(body).not.toContain("bob@example.com");
      expect(body).not.toContain(b.sessionId);
    }
  });

  it("a stolen cookie stops working after logout", async () => {
    const e = await member("erin@example.com");
    await http.get("/api/auth/logout", e.cookie);
    expect((await http.get("/api/user", e.cookie)).status).toBe(401);
    expect(await (await http.get("/api/auth/check-authentication", e.cookie)).json()).toEqual({ success: false });
  });
});
