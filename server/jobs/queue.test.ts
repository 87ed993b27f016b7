import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, sessions } from "../db/schema";
import { recordEvents } from "../modules/analytics";
import { startSession } from "../modules/auth";
import { findOrCreateCustomer } from "../modules/customers";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { EVENT_RETENTION_DAYS, PRUNE_EXPIRED, PRUNE_EXPIRED_CRON, pruneExpired } from "./prune-expired";
import { startJobs, type JobQueue } from "./queue";
import { WORKER_HEARTBEAT } from "./worker-heartbeat";
import { waitFor } from "../testing/wait-for";
import { consume } from "../modules/rate-limit";

const DAY = 86_400_000;


/** An expired session, a live one, an event older than the retention and a recent one. */
async function plantRows(shop: TestShop, tag: string) {
  const customer = await findOrCreateCustomer(shop, `${tag}@example.com`);
  const now = shop.clock.now();
  const [expired] = await dbOf(shop)
    .insert(sessions)
    .values({ customerId: customer.id, createdAt: new Date(now.getTime() - 40 * DAY), expiresAt: new Date(now.getTime() - 10 * DAY) })
    .returning({ id: sessions.id });
  await startSession(shop, customer);
  const old = { ...shop, clock: { now: () => new Date(now.getTime() - (EVENT_RETENTION_DAYS + 1) * DAY) } };
  await recordEvents(old, [{ name: `${tag}-old`, properties: {} }], { customerId: null, requestId: null });
  await recordEvents(shop, [{ name: `${tag}-new`, properties: {} }], { customerId: null, requestId: null });
  return { customer, expiredSessionId: expired!.id };
}

async function rowsLeft(shop: TestShop, tag: string, customerId: string) {
  const s = await dbOf(shop).select({ id: sessions.id }).from(sessions).where(eq(sessions.customerId, customerId));
  const oldEvents = await dbOf(shop).select({ id: analyticsEvents.id }).from(analyticsEvents).where(eq(analyticsEvents.name, `${tag}-old`));
  const newEvents = await dbOf(shop).select({ id: analyticsEvents.id }).from(analyticsEvents).where(eq(analyticsEvents.name, `${tag}-new`));
  return { sessions: s.length, oldEvents: oldEvents.length, newEvents: newEvents.length };
}

describe(`jobs on pg-boss (${testDriver()})`, () => {
  let shop: TestShop;
  let jobs: JobQueue;
  beforeAll(async () => {
    shop = await openTestShop();
    jobs = await startJobs(shop);
  });
  afterAll(async () => {
    await jobs?.stop();
    await shop.cleanup();
  });

  it("pruneExpired deletes expired sessions and events past the retention, by the shop's clock", async () => {
    const { customer } = await plantRows(shop, "direct");
    expect(await rowsLeft(shop, "direct", customer.id)).toEqual({ sessions: 2, oldEvents: 1, newEvents: 1 });
    const result = await pruneExpired(shop);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(await rowsLeft(shop, "direct", customer.id)).toEqual({ sessions: 1, oldEvents: 0, newEvents: 1 });
  });

  it("moving the clock past the session lifetime makes the live session prunable too", async () => {
    const { customer } = await plantRows(shop, "clock");
    const start = shop.clock.now();
    try {
      shop.clock.advance(31 * DAY);
      await pruneExpired(shop);
      expect((await rowsLeft(shop, "clock", customer.id)).sessions).toBe(0);
    } finally {
      shop.clock.set(start);
    }
  });

  it("pruneExpired also removes rate-limit counters whose window has passed, by the shop's clock", async () => {
    await consume(shop, { bucket: "prune-test", key: "198.51.100.99", limit: 5, windowMs: 60_000 });
    const start = shop.clock.now();
    try {
      expect((await pruneExpired(shop)).rateLimitCounters).toBe(0);
      shop.clock.advance(3 * 60_000);
      expect((await pruneExpired(shop)).rateLimitCounters).toBeGreaterThanOrEqual(1);
    } finally {
      shop.clock.set(start);
    }
  });

  it("the prune-expired queue exists and its nightly schedule is registered (UTC)", async () => {
    expect(await jobs.boss.getQueue(PRUNE_EXPIRED)).toMatchObject({ name: PRUNE_EXPIRED });
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: PRUNE_EXPIRED, cron: PRUNE_EXPIRED_CRON, timezone: "UTC" })]));
    expect(PRUNE_EXPIRED_CRON).toBe("17 3 * * *");
  });

  it("the worker heartbeat is scheduled every minute (UTC), so every process's metrics can tell a worker is alive", async () => {
    const schedules = await jobs.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: WORKER_HEARTBEAT, cron: "* * * * *", timezone: "UTC" })]));
    expect(jobs.workers[WORKER_HEARTBEAT]).toBeTruthy();
  });

  it("a sent prune-expired job is worked end to end: the handler runs and the job completes", async () => {
    const { customer } = await plantRows(shop, "queued");
    const id = await jobs.boss.send(PRUNE_EXPIRED, {});
    expect(id).toBeTruthy();
    jobs.boss.notifyWorker(jobs.workers[PRUNE_EXPIRED]!);
    const job = await waitFor("the job to complete", async () => {
      const found = await jobs.boss.getJobById(PRUNE_EXPIRED, id!);
      return found?.state === "completed" ? found : null;
    });
    expect(job.state).toBe("completed");
    expect(await rowsLeft(shop, "queued", customer.id)).toEqual({ sessions: 1, oldEvents: 0, newEvents: 1 });
  });

  it("a queue round trip carries data: send, fetch, complete", async () => {
    const queue = "foundation-round-trip";
    await jobs.boss.createQueue(queue);
    const id = await jobs.boss.send(queue, { hello: "world", n: 1 });
    const fetched = await jobs.boss.fetch<{ hello: string; n: number }>(queue);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatchObject({ id, data: { hello: "world", n: 1 } });
    await jobs.boss.complete(queue, id!);
    expect((await jobs.boss.getJobById(queue, id!))?.state).toBe("completed");
    expect(await jobs.boss.fetch(queue)).toEqual([]);
  });

  it("a 'short' queue keeps one waiting job per singleton key (pg-boss's unique indexes work here)", async () => {
    const queue = "foundation-singleton";
    await jobs.boss.createQueue(queue, { name: queue, policy: "short" });
    const first = await jobs.boss.send(queue, {}, { singletonKey: "only-one" });
    const second = await jobs.boss.send(queue, {}, { singletonKey: "only-one" });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });

  it("web requests still answer while the job queue runs on the same database", async () => {
    const { createApp } = await import("../app");
    const res = await createApp(shop).request("/readyz");
    expect(res.status).toBe(200);
  });
});
