import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { createApp } from "../../app";
import { accountTokens, analyticsEvents } from "../../db/schema";
import { findOrCreateCustomer } from "../../modules/customers";
import { dbOf } from "../../shop";
import { lastEmailTo, requester, sessionCookieOf, tokenOf } from "../../testing/accounts";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const P = "/provider";

describe(`accounts through the HTTP surfaces (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let http: ReturnType<typeof requester>;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    http = requester(app, "10.0.0.1", shop);
  });
  afterAll(() => shop.cleanup());

  async function expectError(res: Response, status: number, code: string, message?: string) {
    const body = await res.json();
    expect({ status: res.status, code: body.code }).toEqual({ status, code });
    if (message) expect(body.message).toBe(message);
    return body;
  }

  /** Registers and verifies through the real endpoints; answers the member's cookie after signing in. */
  async function member(email: string, password = "correct horse") {
    expect((await http.post("/api/auth/register", { email, password, firstName: "Ada", lastName: "Lovelace" })).status).toBe(201);
    const verify = await lastEmailTo(shop, email);
    const res = await http.get(new URL(verify.link!).pathname);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account/home?verified=1");
    const login = await http.post(`${P}/account/login`, { email, password });
    expect(login.status).toBe(200);
    return sessionCookieOf(login);
  }

  describe("register, verify, sign in", () => {
    it("a new account gets a verification link; signing in before verifying answers UNVERIFIED_ACCOUNT", async () => {
      const res = await http.post("/api/auth/register", { email: "New@Example.com ", password: "secret1" });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ status: 201, data: { email: "new@example.com" } });
      const mail = await lastEmailTo(shop, "new@example.com");
      expect(mail.template).toBe("account-verify");
      expect(mail.link).toMatch(/\/provider\/account\/verify-account\/[A-Za-z0-9_-]{43}$/);
      await expectError(await http.post(`${P}/account/login`, { email: "new@example.com", password: "secret1" }), 403, "UNVERIFIED_ACCOUNT");
      // Only the right password learns the account is unverified.
      await expectError(await http.post(`${P}/account/login`, { email: "new@example.com", password: "wrong-one" }), 401, "USER_NOT_FOUND", "Incorrect username/password");

      expect((await http.post("/api/auth/registerResendMail", { email: "new@example.com" })).status).toBe(200);
      const again = await lastEmailTo(shop, "new@example.com");
      expect(again.id).not.toBe(mail.id);
      // The first link was retired by the second.
      expect((await http.get(new URL(mail.link!).pathname)).headers.get("location")).toBe("/login?verified=0");
      expect((await http.get(new URL(again.link!).pathname)).headers.get("location")).toBe("/account/home?verified=1");
      // Single use.
      expect((await http.get(new URL(again.link!).pathname)).headers.get("location")).toBe("/login?verified=0");

      const login = await http.post(`${P}/account/login`, { email: "NEW@example.com", password: "secret1" });
      expect(login.status).toBe(200);
      const body = await login.json();
      expect(body).toMatchObject({ success: true, email: "new@example.com", seedSessionToken: expect.any(String) });
      const setCookie = login.headers.getSetCookie().find((c) => c.startsWith("seed_jwt="))!;
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const check = await http.get("/api/auth/check-authentication", sessionCookieOf(login));
      expect(await check.json()).toEqual({ success: true });
    });

    it("sign-in validation answers the words of SPEC.md section 8", async () => {
      await expectError(await http.post(`${P}/account/login`, { email: "nope", password: "secret1" }), 400, "VALIDATION_ERROR", MESSAGES.invalidEmail);
      await expectError(await http.post(`${P}/account/login`, { email: "a@b.co", password: "12345" }), 400, "VALIDATION_ERROR", MESSAGES.shortPassword);
      await expectError(await http.post(`${P}/account/login`, { email: "nobody@example.com", password: "secret12" }), 401, "USER_NOT_FOUND", "Incorrect username/password");
    });

    it("registering an address that has an account answers the same and mails its owner instead", async () => {
      await member("owner@example.com");
      const res = await http.post("/api/auth/register", { email: "owner@example.com", password: "attacker1" });
      expect(res.status).toBe(201);
      expect((await lastEmailTo(shop, "owner@example.com")).template).toBe("account-already_registered");
      // The attacker's password was not kept.
      await expectError(await http.post(`${P}/account/login`, { email: "owner@example.com", password: "attacker1" }), 401, "USER_NOT_FOUND");
    });
  });

  describe("a guest buyer", () => {
    it("takes 'Don't have a password?': a set-password link that also verifies, then signs in", async () => {
      await findOrCreateCustomer(shop, "guest@example.com");
      await expectError(await http.post(`${P}/account/login`, { email: "guest@example.com", password: "anything" }), 401, "USER_NOT_FOUND");
      const res = await http.post(`${P}/account/recover`, { email: "guest@example.com" });
      expect(await res.json()).toMatchObject({ kind: "set" });
      const mail = await lastEmailTo(shop, "guest@example.com");
      expect(mail.template).toBe("account-set_password");
      const token = tokenOf(mail.link);
      const set = await http.post(`${P}/account/set-password`, { token, password: "guest-pass" });
      expect(set.status).toBe(200);
      expect((await http.post(`${P}/account/login`, { email: "guest@example.com", password: "guest-pass" })).status).toBe(200);
      await expectError(await http.post(`${P}/account/set-password`, { token, password: "again-pass" }), 400, "INVALID_LINK");
    });

    it("registering with a guest's email sends the set-password link and keeps no password", async () => {
      await findOrCreateCustomer(shop, "guest2@example.com");
      expect((await http.post("/api/auth/register", { email: "guest2@example.com", password: "squatter" })).status).toBe(201);
      expect((await lastEmailTo(shop, "guest2@example.com")).template).toBe("account-set_password");
      await expectError(await http.post(`${P}/account/login`, { email: "guest2@example.com", password: "squatter" }), 401, "USER_NOT_FOUND");
    });
  });

  describe("passwordless", () => {
    it("a magic link signs in once, and only within 15 minutes", async () => {
      await member("magic@example.com");
      expect((await http.post("/api/mail/magic", { email: "magic@example.com" })).status).toBe(200);
      const token = tokenOf((await lastEmailTo(shop, "magic@example.com")).link, "magic");
      const res = await http.post("/api/auth/magic", { token });
      expect(res.status).toBe(200);
      expect((await res.json()).seedSessionToken).toEqual(expect.any(String));
      await expectError(await http.post("/api/auth/magic", { token }), 400, "INVALID_LINK");

      await http.post("/api/mail/magic", { email: "magic@example.com" });
      const late = tokenOf((await lastEmailTo(shop, "magic@example.com")).link, "magic");
      shop.clock.advance(15 * 60_000 + 1000);
      await expectError(await http.post("/api/auth/magic", { token: late }), 400, "INVALID_LINK");
    });

    it("an unknown email answers 'we do not recognize your email'", async () => {
      await expectError(await http.post("/api/mail/magic", { email: "stranger@example.com" }), 404, "EMAIL_NOT_RECOGNIZED", MESSAGES.unknownEmail);
      await expectError(await http.post("/api/mail/code", { email: "stranger@example.com" }), 404, "EMAIL_NOT_RECOGNIZED", MESSAGES.unknownEmail);
    });

    it("a 6-digit code signs in once, is bound to its email, and dies after 5 wrong tries", async () => {
      await member("code@example.com");
      await member("other-code@example.com");
      await http.post("/api/mail/code", { email: "code@example.com" });
      const { code } = await lastEmailTo(shop, "code@example.com");
      expect(code).toMatch(/^\d{6}$/);
      await expectError(await http.post("/api/auth/code", { email: "other-code@example.com", code }), 401, "INVALID_CODE");
      expect((await http.post("/api/auth/code", { email: "code@example.com", code })).status).toBe(200);
      await expectError(await http.post("/api/auth/code", { email: "code@example.com", code }), 401, "INVALID_CODE");

      await http.post("/api/mail/code", { email: "code@example.com" });
      const fresh = (await lastEmailTo(shop, "code@example.com")).code!;
      const wrong = fresh === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) await expectError(await http.post("/api/auth/code", { email: "code@example.com", code: wrong }), 401, "INVALID_CODE");
      await expectError(await http.post("/api/auth/code", { email: "code@example.com", code: fresh }), 401, "INVALID_CODE");
    });

    it("tokens are stored hashed, never as sent", async () => {
      await http.post("/api/mail/magic", { email: "magic@example.com" });
      const token = tokenOf((await lastEmailTo(shop, "magic@example.com")).link, "magic");
      const rows = await dbOf(shop).select({ h: accountTokens.secretHash }).from(accountTokens);
      expect(rows.some((r) => r.h.includes(token))).toBe(false);
    });
  });

  describe("recover and reset", () => {
    it("a reset ends every other session, and the link works once", async () => {
      const stolen = await member("reset@example.com", "old-password");
      expect((await http.get("/api/user", stolen)).status).toBe(200);
      const res = await http.post(`${P}/account/recover`, { email: "reset@example.com" });
      expect(await res.json()).toMatchObject({ kind: "reset" });
      const token = tokenOf((await lastEmailTo(shop, "reset@example.com")).link);
      const reset = await http.post(`${P}/account/reset-password`, { token, password: "new-password" });
      expect(reset.status).toBe(200);
      await expectError(await http.get("/api/user", stolen), 401, "SESSION_MISMATCH", "SessionVerificationError");
      expect((await http.get("/api/user", sessionCookieOf(reset))).status).toBe(200);
      await expectError(await http.post(`${P}/account/reset-password`, { token, password: "third-password" }), 400, "INVALID_LINK");
      await expectError(await http.post(`${P}/account/login`, { email: "reset@example.com", password: "old-password" }), 401, "USER_NOT_FOUND");
      expect((await http.post(`${P}/account/login`, { email: "reset@example.com", password: "new-password" })).status).toBe(200);
    });

    it("a reset link expires after an hour", async () => {
      await member("late-reset@example.com");
      await http.post(`${P}/account/recover`, { email: "late-reset@example.com" });
      const token = tokenOf((await lastEmailTo(shop, "late-reset@example.com")).link);
      shop.clock.advance(3_600_000 + 1000);
      await expectError(await http.post(`${P}/account/reset-password`, { token, password: "new-password" }), 400, "INVALID_LINK");
    });
  });

  describe("sessions", () => {
    it("logout ends the session at once and records the Logout event", async () => {
      const cookie = await member("logout@example.com");
      expect((await http.get("/api/auth/logout", cookie)).status).toBe(200);
      expect(await (await http.get("/api/auth/check-authentication", cookie)).json()).toEqual({ success: false });
      await expectError(await http.get("/api/user", cookie), 401, "SESSION_MISMATCH");
      const events = await dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, "Logout"));
      expect(events.length).toBeGreaterThan(0);
    });

    it("settings list the sessions; 'sign out everywhere' ends them all", async () => {
      const a = await member("everywhere@example.com");
      const b = sessionCookieOf(await http.post(`${P}/account/login`, { email: "everywhere@example.com", password: "correct horse" }, undefined, { "user-agent": "Phone browser" }));
      const list = await (await http.get("/api/auth/sessions", a)).json();
      // The sign-up and the verification link signed in too (issue 34); this client kept neither cookie: four in all.
      expect(list.sessions).toHaveLength(4);
      expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      expect(list.sessions.map((s: { userAgent: string | null }) => s.userAgent)).toContain("Phone browser");
      expect((await http.post("/api/auth/sessions/revoke-all", {}, a)).status).toBe(200);
      await expectError(await http.get("/api/user", a), 401, "SESSION_MISMATCH");
      await expectError(await http.get("/api/user", b), 401, "SESSION_MISMATCH");
    });

    it("a seedSessionToken naming another session answers SessionVerificationError and clears the cookie", async () => {
      const mine = await member("mismatch@example.com");
      const other = await member("mismatch-other@example.com");
      const otherToken = other.split("=")[1]!;
      const res = await http.put("/api/user", { firstName: "A", lastName: "B", seedSessionToken: otherToken }, mine);
      await expectError(res, 401, "SESSION_MISMATCH", "SessionVerificationError");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("seed_jwt=;"))).toBe(true);
    });

    it("state changes from another origin are refused", async () => {
      const res = await app.request(`${P}/account/login`, {
        method: "POST",
        body: "email=a%40b.co&password=123456",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe("user data", () => {
    it("GET /api/user carries the fields of SPEC.md section 3 and no session token", async () => {
      const cookie = await member("data@example.com");
      const user = await (await http.get("/api/user", cookie)).json();
      expect(user).toMatchObject({ email: "data@example.com", firstName: "Ada", lastName: "Lovelace", externalId: expect.any(String), fraudulentStatus: null, blocked: true, subscriptions: [], account: { details: { shipping_addresses: [] } }, experiments: {} });
      expect(JSON.stringify(user)).not.toMatch(/seedSessionToken|seed_jwt|passwordHash|argon2/i);
    });

    it("phone validation, address, card, and an email change confirmed from the new address", async () => {
      const cookie = await member("edit@example.com");
      await expectError(await http.put("/api/user", { firstName: "Ada", lastName: "L", phone: "12" }, cookie), 400, "VALIDATION_ERROR", MESSAGES.invalidPhone);
      const ok = await http.put("/api/user", { firstName: "Grace", lastName: "Hopper", phone: "+1 415 555 0100" }, cookie);
      expect(ok.status).toBe(200);
      const okBody = await ok.json();
      expect(okBody.user).toMatchObject({ firstName: "Grace", phone: "+1 415 555 0100" });
      expect(okBody.seedSessionToken).toBe(cookie.split("=")[1]);

      const addr = await http.put("/api/shipping-address", { firstName: "Grace", lastName: "Hopper", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" }, cookie);
      expect(addr.status).toBe(200);
      expect((await addr.json()).user.account.details.shipping_addresses[0]).toMatchObject({ postal_code: "78701", city: "Austin", region: "TX" });
      await expectError(await http.put("/api/shipping-address", { firstName: "G", lastName: "H", address1: "1", city: "A", region: "TX", postalCode: "nope!", country: "US" }, cookie), 400, "VALIDATION_ERROR");

      const tok = await (await http.post("/api/payments/sandbox/tokenize", { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" })).json();
      const billing = await http.put("/api/billing", { cardToken: tok.token }, cookie);
      expect(billing.status).toBe(200);
      expect((await billing.json()).card).toMatchObject({ last4: "4242" });
      await expectError(await http.put("/api/billing", { cardToken: "tok_nonexistent" }, cookie), 422, "CARD_NOT_ACCEPTED");

      const change = await http.put("/api/user", { firstName: "Grace", lastName: "Hopper", email: "grace@example.com" }, cookie);
      expect((await change.json()).emailChangePending).toBe(true);
      expect((await (await http.get("/api/user", cookie)).json()).email).toBe("edit@example.com");
      const token = tokenOf((await lastEmailTo(shop, "grace@example.com")).link, "confirmEmail");
      expect((await http.post("/api/user/confirm-email", { token }, cookie)).status).toBe(200);
      expect((await (await http.get("/api/user", cookie)).json()).email).toBe("grace@example.com");
    });

    it("experiments per user, with 'Error fetching experiment' for an unknown one", async () => {
      const cookie = await member("exp@example.com");
      expect((await http.put(`${P}/account/user-experiment/loyalty_new_user`, { variant: "exclude" }, cookie)).status).toBe(200);
      expect(await (await http.get(`${P}/account/user-experiment/loyalty_new_user`, cookie)).json()).toEqual({ name: "loyalty_new_user", variant: "exclude" });
      await expectError(await http.get(`${P}/account/user-experiment/nothing_here`, cookie), 404, "EXPERIMENT_NOT_FOUND", "Error fetching experiment");
    });

    it("downloads all data, then deletes the account: sessions end, the email is free again", async () => {
      const cookie = await member("leaving@example.com");
      const data = await http.get("/api/user/data", cookie);
      expect(data.headers.get("content-disposition")).toMatch(/attachment/);
      expect(await data.json()).toMatchObject({ profile: { email: "leaving@example.com" }, sessions: expect.any(Array), orders: [] });
      await expectError(await http.post("/api/user/delete", { confirm: "yes" }, cookie), 400, "VALIDATION_ERROR");
      expect((await http.post("/api/user/delete", { confirm: "DELETE" }, cookie)).status).toBe(200);
      await expectError(await http.get("/api/user", cookie), 401, "SESSION_MISMATCH");
      await expectError(await http.post(`${P}/account/login`, { email: "leaving@example.com", password: "correct horse" }), 401, "USER_NOT_FOUND");
      expect((await http.post("/api/auth/register", { email: "leaving@example.com", password: "fresh-start" })).status).toBe(201);
    });
  });
});
