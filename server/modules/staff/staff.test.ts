import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from "../../../domain/console-access";
import { auditLog, staffMembers } from "../../db/schema";
import { dbOf } from "../../shop";
import { createTestStaff, totpCode } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { completeSetup, createStaff, findPendingSetup, signInThrottleOf, readStaffSession, revokeStaffSession, signInStaff, writeAudit } from "./index";

describe(`staff access (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  // Each call from its own address unless told, so the throttle's counters of one test do not meet another's.
  let addresses = 0;
  const signIn = async (staff: { email: string; password: string; secret: string }, throttle = signInThrottleOf(shop), overrides: { password?: string; code?: string; ip?: string } = {}) =>
    signInStaff(shop, throttle, { email: staff.email, password: overrides.password ?? staff.password, code: overrides.code ?? (await totpCode(shop, staff.secret)), ip: overrides.ip ?? `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}` });

  it("a new account has no password until its setup link is used, and the link works once", async () => {
    const setup = await createStaff(dbOf(shop), shop, { email: "New.Owner@Seed.test ", role: "owner" });
    const [row] = await dbOf(shop).select().from(staffMembers).where(eq(staffMembers.email, "new.owner@seed.test"));
    expect(row!.passwordHash).toBeNull();
    // The secret is sealed at rest, never stored as the base32 an app reads.
    const pending = await findPendingSetup(shop, setup.setupToken);
    expect(row!.totpSecret).not.toContain(pending!.totpSecret);
    await expect(completeSetup(shop, { token: setup.setupToken, password: "short", code: "000000" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(completeSetup(shop, { token: setup.setupToken, password: "a long enough password", code: "000000" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const code = await totpCode(shop, pending!.totpSecret);
    await completeSetup(shop, { token: setup.setupToken, password: "a long enough password", code });
    await expect(completeSetup(shop, { token: setup.setupToken, password: "a long enough password", code })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("signs in with password and code; a wrong password, a wrong code and a replayed code are refused alike", async () => {
    const staff = await createTestStaff(shop, "support");
    shop.clock.advance(30_000);
    await expect(signIn(staff, undefined, { password: "wrong password!!" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(signIn(staff, undefined, { code: "000000" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const code = await totpCode(shop, staff.secret);
    const { token, session } = await signIn(staff, undefined, { code });
    expect(session.role).toBe("support");
    expect((await readStaffSession(shop, token))?.email).toBe(staff.email);
    // The same code again (overheard or replayed) does not open a second session; it says the code was just used.
    await expect(signIn(staff, undefined, { code })).rejects.toMatchObject({ code: "TOTP_CODE_USED" });
  });

  it("the code just used at setup, typed again to sign in, is refused with its own words; the next code signs in", async () => {
    const setup = await createStaff(dbOf(shop), shop, { email: "fresh.setup@seed.test", role: "finance" });
    const pending = await findPendingSetup(shop, setup.setupToken);
    const code = await totpCode(shop, pending!.totpSecret);
    await completeSetup(shop, { token: setup.setupToken, password: "a long enough password", code });
    const staff = { email: "fresh.setup@seed.test", password: "a long enough password", secret: pending!.totpSecret };
    const ip = "198.51.100.77";
    await expect(signIn(staff, undefined, { code, ip })).rejects.toMatchObject({ code: "TOTP_CODE_USED", status: 401, message: "That code was just used; wait for the next one." });
    // Still one answer for every wrong part: a wrong password with that code says nothing about the code.
    await expect(signIn(staff, undefined, { code, password: "not the password at all", ip })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    // The replay is still refused (no session) and counts as a failure: three more failures lock this address.
    for (let i = 0; i < 3; i++) await expect(signIn(staff, undefined, { code, ip })).rejects.toMatchObject({ code: "TOTP_CODE_USED" });
    await expect(signIn(staff, undefined, { code, ip })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    shop.clock.advance(30_000);
    const next = await totpCode(shop, staff.secret);
    expect(next).not.toBe(code);
    await expect(signIn(staff, undefined, { code: next })).resolves.toMatchObject({ session: { email: staff.email } });
    // A code older than the latest spent one (within the drift window) gets the generic answer, not "just used".
    await expect(signIn(staff, undefined, { code })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("5 failures from one address stop that address only, even with the right password and code; the owner elsewhere gets in", async () => {
    const staff = await createTestStaff(shop, "finance");
    const throttle = signInThrottleOf(shop);
    const attacker = "203.0.113.9";
    for (let i = 0; i < 5; i++) await expect(signIn(staff, throttle, { password: `wrong ${i} password`, ip: attacker })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    shop.clock.advance(30_000);
    await expect(signIn(staff, throttle, { ip: attacker })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(signIn(staff, throttle, { ip: "203.0.113.10" })).resolves.toBeTruthy();
    shop.clock.advance(31 * 60_000); // two windows on: the sliding estimate has forgotten them
    await expect(signIn(staff, throttle, { ip: attacker })).resolves.toBeTruthy();
  });

  it("the running shop's throttle counts in the database limiter, even with RATE_LIMITS=off: the 6th try from that address is refused", async () => {
    const staff = await createTestStaff(shop, "support");
    expect(shop.env.RATE_LIMITS.enabled).toBe(false);
    const throttle = signInThrottleOf(shop);
    for (let i = 0; i < 5; i++) await expect(signIn(staff, throttle, { password: `wrong ${i} password`, ip: "203.0.113.20" })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    shop.clock.advance(30_000);
    // A new throttle object on the same shop reads the same counters (as another process would).
    await expect(signIn(staff, signInThrottleOf(shop), { ip: "203.0.113.20" })).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });

  it("sessions end after 30 idle minutes, after 8 hours in use, and when revoked", async () => {
    const staff = await createTestStaff(shop, "content");
    shop.clock.advance(30_000);
    const idle = await signIn(staff);
    shop.clock.advance(STAFF_SESSION_IDLE_MS + 1000);
    expect(await readStaffSession(shop, idle.token)).toBeNull();

    shop.clock.advance(30_000);
    const busy = await signIn(staff);
    for (let t = 0; t < STAFF_SESSION_MAX_MS; t += 20 * 60_000) {
      shop.clock.advance(20 * 60_000);
      if (t + 20 * 60_000 < STAFF_SESSION_MAX_MS) expect(await readStaffSession(shop, busy.token)).not.toBeNull();
    }
    expect(await readStaffSession(shop, busy.token)).toBeNull();

    shop.clock.advance(30_000);
    const revoked = await signIn(staff);
    await revokeStaffSession(shop, revoked.session.sessionId);
    expect(await readStaffSession(shop, revoked.token)).toBeNull();
  });

  it("the audit log refuses UPDATE, DELETE and TRUNCATE (a database trigger)", async () => {
    await writeAudit(dbOf(shop), { staffId: "00000000-0000-4000-8000-000000000001", email: "someone@seed.test" }, { action: "flags.edit", targetType: "flag", targetId: "data-redesign", before: null, after: { enabled: true } }, shop.clock.now());
    // Drizzle wraps the driver's error; the database's own words are its cause.
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => "allowed",
        (error: { message: string; cause?: { message?: string } }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(dbOf(shop).update(auditLog).set({ action: "nothing happened" }))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(dbOf(shop).delete(auditLog))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(dbOf(shop).execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    const rows = await dbOf(shop).select().from(auditLog).where(eq(auditLog.targetId, "data-redesign"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe("flags.edit");
  });
});
