import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { lastEmailTo, requester, tokenOf } from "../../server/testing/accounts";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 5 (medium): a stranger could lock a member out of every way in. `account-mail-per-email` counted
 * anyone's requests, so five from one address stopped the owner's magic link, code and reset emails; and 110 wrong
 * passwords from 11 addresses spent `sign-in-per-email`, which then refused the owner's right password too. Mail now
 * counts per (account, address) first with a far higher ceiling per account; the password ceiling counts failures and
 * holds back only the addresses that failed (ADR 0057).
 */
const P = "/provider";

describe(`a stranger cannot silence a member's sign-in (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // The shop's limits as in production (tests otherwise run with RATE_LIMITS=off).
    shop = await openTestShop({ now: "2027-02-01T12:00:00Z", env: { RATE_LIMITS: "on" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function member(email: string, password: string) {
    const http = requester(app, "192.0.2.50", shop);
    await http.post("/api/auth/register", { email, password });
    await http.get(new URL((await lastEmailTo(shop, email)).link!).pathname);
    shop.clock.advance(60 * 60_000); // the registration's own mail has left every window
  }

  it("a stranger's requests from one address do not stop the owner's magic link, code and reset from another", async () => {
    await member("quiet@example.com", "owner-secret");
    const stranger = requester(app, "198.51.100.66", shop);
    const sent: number[] = [];
    for (let i = 0; i < 8; i++) sent.push((await stranger.post("/api/mail/magic", { email: "quiet@example.com" })).status);
    expect(sent).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

    const owner = requester(app, "203.0.113.10", shop);
    expect((await owner.post("/api/mail/magic", { email: "quiet@example.com" })).status).toBe(200);
    const magic = tokenOf((await lastEmailTo(shop, "quiet@example.com")).link, "magic");
    expect((await owner.post("/api/auth/magic", { token: magic })).status).toBe(200);
    expect((await owner.post("/api/mail/code", { email: "quiet@example.com" })).status).toBe(200);
    expect((await owner.post(`${P}/account/recover`, { email: "quiet@example.com" })).status).toBe(200);
  });

  it("many addresses together still cannot mail-bomb the inbox: the account's ceiling stops them", async () => {
    await member("bombed@example.com", "owner-secret");
    let accepted = 0;
    for (let a = 0; a < 7; a++) {
      const from = requester(app, `198.51.100.${100 + a}`, shop);
      for (let i = 0; i < 6; i++) if ((await from.post("/api/mail/magic", { email: "bombed@example.com" })).status === 200) accepted++;
    }
    // 5 per address until the per-account ceiling of 30 an hour.
    expect(accepted).toBe(30);
  });

  it("110 wrong passwords from 11 addresses do not block the owner's right password from a clean address", async () => {
    await member("guessed@example.com", "owner-secret");
    for (let a = 0; a < 11; a++) {
      const guesser = requester(app, `198.51.100.${200 + a}`, shop);
      for (let i = 0; i < 10; i++) await guesser.post(`${P}/account/login`, { email: "guessed@example.com", password: `guess-${a}-${i}` });
    }
    const owner = requester(app, "203.0.113.20", shop);
    expect((await owner.post(`${P}/account/login`, { email: "guessed@example.com", password: "owner-secret" })).status).toBe(200);

    // The ceiling still slows the guessers: a fresh address gets one try, then waits like the addresses that failed.
    const another = requester(app, "198.51.100.240", shop);
    expect((await another.post(`${P}/account/login`, { email: "guessed@example.com", password: "guess-again" })).status).toBe(401);
    const held = await another.post(`${P}/account/login`, { email: "guessed@example.com", password: "owner-secret" });
    expect(held.status).toBe(429);
    expect((await held.json()).code).toBe("RATE_LIMITED");
  }, 120_000);
});
