import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { emailOutbox } from "../../server/db/schema";
import { dbOf } from "../../server/shop";
import { createTestStaff, totpCode, type TestStaff } from "../../server/testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 24: five wrong passwords from one address locked a staff account for every address for 15 minutes, right
 * password and code included, so anyone could lock a staff member out. Failures now count per (account, address);
 * the account's own ceiling is higher, reached only by many addresses, slows rather than locks, and mails the owner.
 */
describe(`staff sign-in under attack (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // The shop's limits as in production (tests otherwise run with RATE_LIMITS=off).
    shop = await openTestShop({ now: "2027-01-10T12:00:00Z", env: { RATE_LIMITS: "on" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  async function signIn(staff: TestStaff, address: string, o: { password?: string; right?: boolean } = {}) {
    const res = await app.request(
      "/api/console/auth/sign-in",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: staff.email, password: o.right ? staff.password : (o.password ?? "not the password at all"), code: await totpCode(shop, staff.secret) }),
      },
      from(address),
    );
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
  }
  const ceilingEmails = async (staff: TestStaff) =>
    dbOf(shop).select().from(emailOutbox).where(and(eq(emailOutbox.to, staff.email), eq(emailOutbox.template, "console-sign-in-ceiling")));

  it("an attacker hammering from one address is stopped there; the owner's right password and code from another address still work", async () => {
    const owner = await createTestStaff(shop, "owner");
    for (let i = 0; i < 5; i++) expect((await signIn(owner, "198.51.100.66", { password: `guess number ${i}` })).status).toBe(401);
    for (let i = 0; i < 30; i++) {
      const refused = await signIn(owner, "198.51.100.66", { password: `guess again ${i}` });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("RATE_LIMITED");
    }
    // Even the right password and code from the attacker's address wait (the pair is spent)...
    expect((await signIn(owner, "198.51.100.66", { right: true })).status).toBe(429);
    // ...but the owner, at their own desk, is let in at once.
    shop.clock.advance(30_000);
    expect((await signIn(owner, "203.0.113.10", { right: true })).status).toBe(200);
    // Five failures from one address are far from the account's ceiling: nobody is mailed.
    expect(await ceilingEmails(owner)).toHaveLength(0);
  });

  it("many addresses reach the account's ceiling: sign-in slows (refused with a wait) and the owner is mailed once", async () => {
    const owner = await createTestStaff(shop, "finance");
    // 10 addresses × 5 failures = the per-account ceiling of 50 failures an hour.
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) expect((await signIn(owner, `192.0.2.${a + 1}`, { password: `spray ${a} ${i}` })).status).toBe(401);
    }
    const refused = await signIn(owner, "192.0.2.200", { password: "one more" });
    expect(refused.status).toBe(429);
    const mails = await ceilingEmails(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("50");
    // More addresses keep trying in the same window: still one email.
    for (let a = 20; a < 25; a++) expect((await signIn(owner, `192.0.2.${a}`)).status).toBe(429);
    expect(await ceilingEmails(owner)).toHaveLength(1);
    // It slows rather than locks: once the window has slid, the owner is let in.
    shop.clock.advance(62 * 60_000);
    expect((await signIn(owner, "203.0.113.11", { right: true })).status).toBe(200);
  }, 180_000); // 56 password checks (scrypt) on a machine shared with other test runs

  it("bad input is a 4xx with {code, message}, never a 500", async () => {
    const res = await app.request("/api/console/auth/sign-in", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: 5 }) }, from("198.51.100.70"));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(await res.json()).sort()).toEqual(["code", "message"]);
  });
});
