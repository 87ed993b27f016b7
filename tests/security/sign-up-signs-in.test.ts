import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { createApp } from "../../server/app";
import { findCustomerByEmail, findOrCreateCustomer } from "../../server/modules/customers";
import { memberOrders } from "../../server/modules/orders";
import { dbOf } from "../../server/shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../server/testing/accounts";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 34, points 9 and 10 (ADR 0066): a sign-up of a new address signs in at once and the verification link signs
 * in. What must not change with it: an address that already has an account signs nobody in and answers as before; a
 * sign-up claims no held guest order (only a proof of the mailbox does, ADR 0057); a password sign-in still waits for
 * the verification; and whoever signed up with an address they do not read loses their session when its owner proves it.
 */
describe(`a sign-up signs in; only the mailbox claims (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let http: ReturnType<typeof requester>;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-03-01T12:00:00Z" });
    app = createApp(shop);
    http = requester(app, "192.0.2.90", shop);
  });
  afterAll(() => shop.cleanup());

  const signedIn = async (cookie: string) => ((await (await http.get("/api/auth/check-authentication", cookie)).json()) as { success: boolean }).success;
  const seedJwtOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("seed_jwt="));
  const verifyPath = async (email: string) => new URL((await lastEmailTo(shop, email)).link!).pathname;

  it("a new address is signed in by its sign-up: a session cookie with sign-in's flags, and the token in the body", async () => {
    const res = await http.post("/api/auth/register", { email: "Fresh@Example.com", password: "fresh-pass", firstName: "Ada" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ status: 201, data: { email: "fresh@example.com", seedSessionToken: expect.any(String) } });
    const set = seedJwtOf(res)!;
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await signedIn(sessionCookieOf(res))).toBe(true);
    // The verification email still follows, and a password sign-in still waits for it.
    expect((await lastEmailTo(shop, "fresh@example.com")).template).toBe("account-verify");
    const login = await http.post("/provider/account/login", { email: "fresh@example.com", password: "fresh-pass" });
    expect(login.status).toBe(403);
    expect((await login.json()).code).toBe("UNVERIFIED_ACCOUNT");
    const user = await (await http.get("/api/user", sessionCookieOf(res))).json();
    expect(user).toMatchObject({ email: "fresh@example.com", emailVerified: false });
  });

  it("the sign-up replaces the session this browser held: the earlier one ends, the id changes", async () => {
    const first = await http.post("/api/auth/register", { email: "first-browser@example.com", password: "first-pass" });
    const before = sessionCookieOf(first);
    const second = await http.post("/api/auth/register", { email: "second-account@example.com", password: "second-pass" }, before);
    const after = sessionCookieOf(second);
    expect(after).not.toBe(before);
    expect(await signedIn(before)).toBe(false);
    expect(await signedIn(after)).toBe(true);
  });

  it("an address that has an account signs nobody in and answers exactly as before, whoever it belongs to", async () => {
    // A verified member, a guest from checkout (no password) and a registration never verified.
    await http.post("/api/auth/register", { email: "member@example.com", password: "member-pass" });
    await http.get(await verifyPath("member@example.com"));
    await findOrCreateCustomer(shop, "guest@example.com");
    await http.post("/api/auth/register", { email: "pending@example.com", password: "pending-pass" });
    for (const email of ["member@example.com", "guest@example.com", "pending@example.com"]) {
      const res = await http.post("/api/auth/register", { email, password: "attacker-pass" });
      expect(res.status).toBe(201);
      expect(seedJwtOf(res)).toBeUndefined();
      expect(await res.json()).toEqual({ status: 201, data: { email, message: `We sent a link to ${email}. Open it to verify your account, then sign in.` } });
    }
  });

  it("a sign-up claims no held order; the verification link signs in, claims it and lands on the account", async () => {
    const signUp = await http.post("/api/auth/register", { email: "claim@example.com", password: "claim-pass" });
    const bySignUp = sessionCookieOf(signUp);
    const customerId = (await findCustomerByEmail(dbOf(shop), "claim@example.com"))!.id;
    // A signed-out checkout under the address, after the account exists: held (ADR 0057).
    const held = await placeTestOrder(app, { email: "claim@example.com", firstName: "Someone", lastName: "Else" });
    expect(await memberOrders(dbOf(shop), customerId)).toEqual([]);
    expect(((await (await http.get("/api/user", bySignUp)).json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);

    // The order's confirmation went to the same address after the verification email.
    const link = await verificationLinkOf("claim@example.com");
    const res = await http.get(link, bySignUp);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account/home?verified=1");
    const byLink = sessionCookieOf(res);
    expect(byLink).not.toBe(bySignUp);
    expect(await signedIn(byLink)).toBe(true);
    // The browser's sign-up session was replaced, not left alive beside the new one.
    expect(await signedIn(bySignUp)).toBe(false);
    expect((await memberOrders(dbOf(shop), customerId)).map((o) => o.number)).toEqual([held.number]);
    expect((await http.post("/provider/account/login", { email: "claim@example.com", password: "claim-pass" })).status).toBe(200);

    // Single use: opened again, it signs nobody in and the page offers a new link.
    const again = await http.get(link);
    expect(again.headers.get("location")).toBe("/login?verified=0");
    expect(seedJwtOf(again)).toBeUndefined();
  });

  it("a verification link opened in another browser (no session) signs that browser in", async () => {
    await http.post("/api/auth/register", { email: "phone@example.com", password: "phone-pass" });
    const res = await http.get(await verifyPath("phone@example.com"));
    expect(res.headers.get("location")).toBe("/account/home?verified=1");
    expect(await signedIn(sessionCookieOf(res))).toBe(true);
  });

  it("whoever signed up with an address they do not read loses that session when its owner signs in from the mailbox", async () => {
    const squatter = sessionCookieOf(await http.post("/api/auth/register", { email: "owner@example.com", password: "squatter-pass" }));
    const strangers = await placeTestOrder(app, { email: "owner@example.com", firstName: "Owner", lastName: "Real" });
    expect((await http.post("/api/mail/code", { email: "owner@example.com" })).status).toBe(200);
    const code = (await lastEmailTo(shop, "owner@example.com")).code!;
    const owner = sessionCookieOf(await http.post("/api/auth/code", { email: "owner@example.com", code }));
    expect(await signedIn(owner)).toBe(true);
    expect(await signedIn(squatter)).toBe(false);
    const id = (await findCustomerByEmail(dbOf(shop), "owner@example.com"))!.id;
    expect((await memberOrders(dbOf(shop), id)).map((o) => o.number)).toEqual([strangers.number]);

    // A magic link does the same.
    const squatter2 = sessionCookieOf(await http.post("/api/auth/register", { email: "owner2@example.com", password: "squatter-pass" }));
    await http.post("/api/mail/magic", { email: "owner2@example.com" });
    const token = tokenOf((await lastEmailTo(shop, "owner2@example.com")).link, "magic");
    expect(await signedIn(sessionCookieOf(await http.post("/api/auth/magic", { token })))).toBe(true);
    expect(await signedIn(squatter2)).toBe(false);
  });

  /** The newest verification email to an address (other emails may have followed it). */
  async function verificationLinkOf(email: string): Promise<string> {
    const [row] = await dbOf(shop).select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, "account-verify"))).orderBy(desc(emailOutbox.createdAt)).limit(1);
    return new URL(row!.text.match(/https?:\/\/\S+/)![0]).pathname;
  }
});
