import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop } from "../../boot";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../testing/test-shop";
import { fixedClock } from "../../lib/clock";
import { createLogger } from "../../lib/logger";
import { consume, countHit, enforceLimit, peek, pruneRateLimitCounters, requireUnspent } from "./index";
import { parseRateLimits } from "../../env";
import { standings } from "./consume";
import { consumeAndRead } from "./hit-and-read";

const MINUTE = 60_000;

describe(`rate limiter (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z", env: { RATE_LIMITS: "on" } });
  });
  afterAll(() => shop.cleanup());

  it("allows the limit, refuses the next hit with the seconds to wait, and lets it in once the window has slid", async () => {
    const request = { bucket: "test-slide", key: "198.51.100.7", limit: 3, windowMs: MINUTE };
    for (let i = 0; i < 3; i++) expect(await consume(shop, request)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await consume(shop, request);
    expect(refused.allowed).toBe(false);
    // Three hits at 12:00:00 in a one-minute window: the next window starts at 12:01 and they fade over it; one more
    // fits when 3 * (1 - f) + 1 <= 3, i.e. a third of the way in: 12:01:20, 80 seconds from now.
    expect(refused.retryAfterSeconds).toBe(80);
    shop.clock.advance(79_000);
    expect((await consume(shop, request)).allowed).toBe(false);
    shop.clock.advance(1_000);
    expect((await consume(shop, request)).allowed).toBe(true);
    expect((await consume(shop, request)).allowed).toBe(false);
    // Long after, the counter starts afresh.
    shop.clock.advance(10 * MINUTE);
    for (let i = 0; i < 3; i++) expect((await consume(shop, request)).allowed).toBe(true);
  });

  it("keeps separate counts per bucket and key, and refused hits do not count", async () => {
    const a = { bucket: "test-keys", key: "a", limit: 2, windowMs: MINUTE };
    await consume(shop, a);
    await consume(shop, a);
    for (let i = 0; i < 10; i++) expect((await consume(shop, a)).allowed).toBe(false);
    expect((await consume(shop, { ...a, key: "b" })).allowed).toBe(true);
    expect((await consume(shop, { ...a, bucket: "test-keys-2" })).allowed).toBe(true);
    // Ten refused hits did not extend the block: in the next window, half of the 2 earlier hits still count.
    shop.clock.advance(MINUTE + MINUTE / 2);
    expect((await consume(shop, a)).allowed).toBe(true);
  });

  it("counts exactly under concurrency: 50 simultaneous hits against a limit of 20 let 20 through", async () => {
    const request = { bucket: "test-race", key: "203.0.113.9", limit: 20, windowMs: MINUTE };
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => consume(shop, request)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    expect(verdicts.filter((v) => !v.allowed).every((v) => v.retryAfterSeconds >= 1)).toBe(true);
  });

  it("consumeAndRead counts one hit like consume and reads other counters like standings, in one statement, exactly under concurrency", async () => {
    const hit = { bucket: "test-gate", key: "203.0.113.20", limit: 5, windowMs: MINUTE };
    const declines = { bucket: "test-gate-declines", key: "card-1", limit: 3, windowMs: MINUTE };
    await consume(shop, declines);
    await consume(shop, declines);
    const answers = await Promise.all(Array.from({ length: 12 }, () => consumeAndRead(shop, hit, [declines, { ...declines, key: "never-seen" }])));
    expect(answers.filter((a) => a.verdict.allowed)).toHaveLength(5);
    expect(answers.filter((a) => !a.verdict.allowed).every((a) => a.verdict.retryAfterSeconds >= 1)).toBe(true);
    for (const a of answers) expect(a.standings).toEqual(await standings(shop, [declines, { ...declines, key: "never-seen" }]));
    expect(answers[0]!.standings.map((s) => s.used)).toEqual([2, 0]);
    // The read counted nothing; the hit's counter holds exactly the five let through.
    expect((await peek(shop, { ...declines, cost: 1 })).allowed).toBe(true);
    expect((await peek(shop, { ...declines, cost: 2 })).allowed).toBe(false);
    expect((await peek(shop, hit)).allowed).toBe(false);
    shop.clock.advance(2 * MINUTE);
    expect((await consumeAndRead(shop, hit, [])).verdict.allowed).toBe(true);
  });

  it("weighs a request by its cost, and a cost above the limit never fits", async () => {
    const request = { bucket: "test-cost", key: "c", limit: 10, windowMs: MINUTE };
    expect((await consume(shop, { ...request, cost: 8 })).allowed).toBe(true);
    expect((await consume(shop, { ...request, cost: 3 })).allowed).toBe(false);
    expect((await consume(shop, { ...request, cost: 2 })).allowed).toBe(true);
    expect((await consume(shop, { ...request, cost: 11, key: "d" })).allowed).toBe(false);
  });

  it("peek counts nothing", async () => {
    const request = { bucket: "test-peek", key: "card", limit: 2, windowMs: MINUTE };
    expect((await peek(shop, request)).allowed).toBe(true);
    await consume(shop, request);
    await consume(shop, request);
    expect(await peek(shop, request)).toMatchObject({ allowed: false });
    expect((await peek(shop, { ...request, key: "other" })).allowed).toBe(true);
  });

  it("named limits throw RATE_LIMITED with Retry-After seconds, honour RATE_LIMITS overrides, and do nothing when off", async () => {
    const tight = { ...shop, env: testEnv({ RATE_LIMITS: "newsletter-per-address=2/1m,declines-per-card=1/1h" }) };
    await enforceLimit(tight, "newsletter-per-address", "192.0.2.1");
    await enforceLimit(tight, "newsletter-per-address", "192.0.2.1");
    const error = await enforceLimit(tight, "newsletter-per-address", "192.0.2.1").catch((e) => e);
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    await requireUnspent(tight, "declines-per-card", "fp-1");
    await countHit(tight, "declines-per-card", "fp-1");
    await expect(requireUnspent(tight, "declines-per-card", "fp-1")).rejects.toMatchObject({ code: "RATE_LIMITED" });

    const off = { ...shop, env: testEnv({ RATE_LIMITS: "off" }) };
    for (let i = 0; i < 5; i++) await enforceLimit(off, "newsletter-per-address", "192.0.2.1");
  });

  it("prunes counters whose windows have passed", async () => {
    await consume(shop, { bucket: "test-prune", key: "x", limit: 1, windowMs: MINUTE });
    shop.clock.advance(3 * MINUTE);
    expect(await pruneRateLimitCounters(shop, shop.clock.now())).toBeGreaterThan(0);
  });
});

describe("RATE_LIMITS setting", () => {
  it("reads off, defaults and overrides, and refuses unknown names and bad windows", () => {
    expect(parseRateLimits("off")).toEqual({ enabled: false });
    expect(parseRateLimits(undefined)).toEqual({ enabled: true, overrides: {} });
    expect(parseRateLimits("purchase-per-address=60/1h, events-per-address=100/30s")).toEqual({
      enabled: true,
      overrides: { "purchase-per-address": { limit: 60, windowMs: 3_600_000 }, "events-per-address": { limit: 100, windowMs: 30_000 } },
    });
    expect(() => parseRateLimits("purchases=1/1h")).toThrow(/not a limit/);
    expect(() => parseRateLimits("purchase-per-address=10")).toThrow(/name=count\/window/);
    expect(() => testEnv({ RATE_LIMITS: "nope=1/1m" })).toThrow(/RATE_LIMITS/);
  });
});

describe.runIf(testDriver() === "pglite")("rate limiter across restarts (PGlite folder)", () => {
  // Two fresh PGlite data folders, each migrated from scratch: slow on a loaded machine.
  it("a count made before a restart still holds after it", { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "rate-limit-"));
    const clock = fixedClock("2026-11-22T12:00:00Z");
    const env = testEnv({ DATA_DIR: dir, RATE_LIMITS: "on" });
    const request = { bucket: "test-restart", key: "k", limit: 2, windowMs: MINUTE };
    try {
      const first = await openShop(env, { clock, log: createLogger("silent") });
      await consume(first, request);
      await consume(first, request);
      await first.database.close();
      const second = await openShop(env, { clock, log: createLogger("silent") });
      expect((await consume(second, request)).allowed).toBe(false);
      await second.database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
