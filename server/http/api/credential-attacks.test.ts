import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { parseRateLimits } from "../../env";
import { lastEmailTo, requester } from "../../testing/accounts";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const P = "/provider";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe(`credential attacks are slowed, the owner still gets in (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // Tests run with limits off by default; these are about the limits.
    shop = await openTestShop({ env: { RATE_LIMITS: "on" } });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function member(email: string, password: string) {
    const http = requester(app, "192.0.2.200", shop);
    await http.post("/api/auth/register", { email, password });
    const { link } = await lastEmailTo(shop, email);
    await http.get(new URL(link!).pathname);
  }

  it("20 wrong passwords for one account from one address are refused after 10; the owner signs in from another address", async () => {
    await member("target@example.com", "owner-secret");
    const attacker = requester(app, "198.51.100.7", shop);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attacker.post(`${P}/account/login`, { email: "target@example.com", password: `guess-${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Even the right password from the attacker's address waits out the window.
    const blocked = await attacker.post(`${P}/account/login`, { email: "target@example.com", password: "owner-secret" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const owner = requester(app, "203.0.113.5", shop);
    expect((await owner.post(`${P}/account/login`, { email: "target@example.com", password: "owner-secret" })).status).toBe(200);
  }, 120_000);

  it("500 attempts from one address: refused after 100, while the owner signs in from another address", async () => {
    await member("office@example.com", "office-secret");
    const spray = requester(app, "198.51.100.99", shop);
    let refused = 0;
    let answered = 0;
    for (let i = 0; i < 500; i++) {
      const status = (await spray.post(`${P}/account/login`, { email: `victim-${i % 50}@example.com`, password: "Password1" })).status;
      if (status === 429) refused++;
      else if (status === 401) answered++;
    }
    expect(answered).toBe(100);
    expect(refused).toBe(400);
    expect((await requester(app, "203.0.113.77", shop).post(`${P}/account/login`, { email: "office@example.com", password: "office-secret" })).status).toBe(200);
  }, 300_000);

  it("sign-in emails are limited per account and address (5 per 15 minutes) and codes per account (10 tries)", async () => {
    await member("mailbomb@example.com", "mail-secret");
    const http = requester(app, "198.51.100.150", shop);
    const sends: number[] = [];
    for (let i = 0; i < 7; i++) sends.push((await http.post("/api/mail/magic", { email: "mailbomb@example.com" })).status);
    expect(sends).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const tries: number[] = [];
    for (let i = 0; i < 12; i++) tries.push((await http.post("/api/auth/code", { email: "mailbomb@example.com", code: String(100000 + i) })).status);
    expect(tries.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(tries.slice(10)).toEqual([429, 429]);
    shop.clock.advance(31 * 60_000); // the sliding window has left both 15-minute windows behind
    expect((await http.post("/api/mail/code", { email: "mailbomb@example.com" })).status).toBe(200);
  }, 60_000);

  it("known and unknown emails take the same time to refuse (the median of 50 paired ratios is within 10% of 1)", async () => {
    await member("timed@example.com", "timed-secret");
    // Limits off here: this measures the answer itself, not the throttle.
    const unthrottled = requester(createApp({ ...shop, env: { ...shop.env, RATE_LIMITS: parseRateLimits("off") } }), "192.0.2.50", shop);
    const time = async (email: string) => {
      const start = performance.now();
      const res = await unthrottled.post(`${P}/account/login`, { email, password: "wrong-password" });
      expect(res.status).toBe(401);
      return performance.now() - start;
    };
    await time("timed@example.com");
    await time("nobody-warmup@example.com");
    // Each known refusal paired with the unknown one right after it, so a busy moment of the machine (other test files
    // run beside this one) falls on both of a pair; the median pair says whether one kind is slower.
    const ratios: number[] = [];
    for (let i = 0; i < 50; i++) {
      const known = await time("timed@example.com");
      ratios.push(known / (await time(`nobody-${i}@example.com`)));
    }
    expect(Math.abs(Math.log(median(ratios)))).toBeLessThan(Math.log(1.1));
  }, 300_000);
});
