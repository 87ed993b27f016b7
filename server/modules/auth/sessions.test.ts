import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../testing/test-shop";
import { findOrCreateCustomer } from "../customers";
import { pruneSessions, readSession, revokeSession, SESSION_COOKIE, SESSION_TTL_MS, startSession } from "./sessions";

const DAY = 86_400_000;

describe(`sessions (${testDriver()})`, () => {
  let shop: TestShop;
  let customer: { id: string; email: string };
  beforeAll(async () => {
    shop = await openTestShop();
    customer = await findOrCreateCustomer(shop, "session@example.com");
  });
  afterAll(() => shop.cleanup());

  /** A token signed with the shop's own secret, carrying whatever claims a forger likes. */
  const sign = (claims: Record<string, unknown>, subject: string, secret = shop.env.SESSION_SECRET) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(subject)
      .setIssuedAt(Math.floor(shop.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(shop.clock.now().getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode(secret));

  it("the cookie is seed_jwt and lives 30 days", () => {
    expect(SESSION_COOKIE).toBe("seed_jwt");
    expect(SESSION_TTL_MS).toBe(30 * DAY);
  });

  it("a started session reads back as the customer", async () => {
    const { token, expiresAt } = await startSession(shop, customer);
    expect(expiresAt.getTime()).toBe(shop.clock.now().getTime() + SESSION_TTL_MS);
    const session = await readSession(shop, token);
    expect(session).toMatchObject({ customerId: customer.id, email: customer.email });
    expect(session!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the token carries the email, a uuid and a subject whose part after the pipe is the customer id (SPEC.md section 3)", async () => {
    const { token } = await startSession(shop, customer);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
    expect(payload.email).toBe(customer.email);
    expect(payload.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.sub.split("|")[1]).toBe(customer.id);
  });

  it("a revoked session reads as signed out, other sessions of the customer stay live", async () => {
    const a = await startSession(shop, customer);
    const b = await startSession(shop, customer);
    const session = await readSession(shop, a.token);
    await revokeSession(shop, session!.sessionId);
    expect(await readSession(shop, a.token)).toBeNull();
    expect(await readSession(shop, b.token)).not.toBeNull();
  });

  it("a session expires after 30 days (by the injectable clock)", async () => {
    const start = shop.clock.now();
    const { token } = await startSession(shop, customer);
    try {
      shop.clock.advance(SESSION_TTL_MS - 60_000);
      expect(await readSession(shop, token)).not.toBeNull();
      shop.clock.advance(120_000);
      expect(await readSession(shop, token)).toBeNull();
    } finally {
      shop.clock.set(start);
    }
  });

  it("the server-side expiry counts even while the token's own expiry has not passed", async () => {
    const { token } = await startSession(shop, customer);
    const session = await readSession(shop, token);
    await dbOf(shop).update(sessions).set({ expiresAt: new Date(shop.clock.now().getTime() - 1000) }).where(eq(sessions.id, session!.sessionId));
    expect(await readSession(shop, token)).toBeNull();
  });

  it("a tampered token reads as signed out", async () => {
    const { token } = await startSession(shop, customer);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...claims, email: "attacker@example.com" })).toString("base64url");
    expect(await readSession(shop, `${header}.${forged}.${signature}`)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.endsWith("AA") ? "BB" : "AA");
    expect(await readSession(shop, `${header}.${payload}.${flipped}`)).toBeNull();
  });

  it("a token signed with another secret reads as signed out", async () => {
    const { token } = await startSession(shop, customer);
    const other = { ...shop, env: testEnv({ SESSION_SECRET: "another-secret-another-secret-another" }) };
    expect(await readSession(other, token)).toBeNull();
    const session = await readSession(shop, token);
    expect(await readSession(shop, await sign({ email: customer.email, uuid: session!.sessionId }, `customer|${customer.id}`, "x".repeat(40)))).toBeNull();
  });

  it("an unsigned (alg none) token reads as signed out", async () => {
    const { token } = await startSession(shop, customer);
    const [, payload] = token.split(".");
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    expect(await readSession(shop, `${none}.${payload}.`)).toBeNull();
  });

  it("a token naming another customer than its session's reads as signed out", async () => {
    const other = await findOrCreateCustomer(shop, "other-session@example.com");
    const { token } = await startSession(shop, customer);
    const session = await readSession(shop, token);
    expect(await readSession(shop, await sign({ email: customer.email, uuid: session!.sessionId }, `customer|${other.id}`))).toBeNull();
  });

  it.each([
    ["a non-uuid session id", { uuid: "not-a-uuid" }, "customer|00000000-0000-0000-0000-000000000000"],
    ["a non-uuid customer id", { uuid: "00000000-0000-0000-0000-000000000000" }, "customer|'; drop table sessions; --"],
    ["no pipe in the subject", { uuid: "00000000-0000-0000-0000-000000000000" }, "customer"],
    ["a numeric uuid claim", { uuid: 42 }, "customer|00000000-0000-0000-0000-000000000000"],
    ["no email claim", { uuid: "00000000-0000-0000-0000-000000000000", email: undefined }, "customer|00000000-0000-0000-0000-000000000000"],
  ])("a correctly signed token with %s reads as signed out (never throws)", async (_label, claims, subject) => {
    const token = await sign({ email: "x@example.com", ...claims }, subject);
    await expect(readSession(shop, token)).resolves.toBeNull();
  });

  it.each([[""], [null], [undefined], ["junk"], ["a.b.c"], ["x".repeat(5000)], ["ünïcødé.🙂.token"]])("junk token %j reads as signed out", async (token) => {
    expect(await readSession(shop, token as string)).toBeNull();
  });

  it("pruning deletes sessions expired or revoked before the cutoff and keeps live ones", async () => {
    const prune = await findOrCreateCustomer(shop, "prune-sessions@example.com");
    const live = await startSession(shop, prune);
    const revoked = await startSession(shop, prune);
    const revokedId = (await readSession(shop, revoked.token))!.sessionId;
    await revokeSession(shop, revokedId);
    const liveId = (await readSession(shop, live.token))!.sessionId;

    const deleted = await pruneSessions(shop, new Date(shop.clock.now().getTime() + 1000));
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await dbOf(shop).select({ id: sessions.id }).from(sessions).where(eq(sessions.customerId, prune.id));
    expect(left.map((r) => r.id)).toEqual([liveId]);

    await pruneSessions(shop, new Date(shop.clock.now().getTime() + SESSION_TTL_MS + 1000));
    expect(await dbOf(shop).select().from(sessions).where(eq(sessions.customerId, prune.id))).toEqual([]);
  });
});
