import PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startJobs, type JobQueue } from "../../jobs/queue";
import { dbOf } from "../../shop";
import { startSmtpPeer, type SmtpPeer } from "../../testing/smtp-peer";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { waitFor } from "../../testing/wait-for";
import { queueAccountEmail } from "../auth";
import { enqueueEmails, SEND_EMAIL, sendDueEmails, sendQueuedEmailsSoon } from "./index";
import { claimDueEmails, type NewEmail } from "./outbox";

/**
 * Issue 25: a worker that dies mid-send must not hold back email, a backlog drains without pauses, and sign-in mail
 * goes before receipts. Each test here failed before the change (a stately send job, a 5-minute lease, 200 emails per
 * job, oldest first).
 */
const receipt = (i: number, prefix = "receipt"): NewEmail => ({
  to: `${prefix}${i}@example.com`,
  subject: `Receipt ${i}`,
  text: `Receipt ${i}`,
  html: `<p>Receipt ${i}</p>`,
  template: "order-confirmation",
  idempotencyKey: `${prefix}:${i}:${Math.random()}`,
});

describe(`email survives its worker and puts sign-in first (${testDriver()})`, () => {
  let peer: SmtpPeer;
  let shop: TestShop;
  let jobs: JobQueue | null = null;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    shop = await openTestShop({ env: { SMTP_URL: peer.url } });
  });
  beforeEach(async () => {
    await dbOf(shop).delete(emailOutbox);
    peer.received.length = 0;
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = null;
  });
  afterAll(async () => {
    await shop?.cleanup();
    await peer?.close();
  });

  it("emails a dead sender had claimed are sent by another within a minute of its last sign of life, once", async () => {
    await enqueueEmails(dbOf(shop), [receipt(1), receipt(2), receipt(3)], { now: shop.clock.now() });
    // The dead sender's claim: leased, attempt counted, never sent nor released.
    expect(await claimDueEmails(shop)).toHaveLength(3);
    expect(await sendDueEmails(shop)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const start = shop.clock.now();
    try {
      shop.clock.advance(60_000);
      expect(await sendDueEmails(shop)).toEqual({ sent: 3, retrying: 0, failed: 0 });
    } finally {
      shop.clock.set(start);
    }
    expect(peer.received.map((m) => m.to[0]).sort()).toEqual(["receipt1@example.com", "receipt2@example.com", "receipt3@example.com"]);
  });

  it("a send job left running by a worker that died does not hold back a sign-in email", async () => {
    // The queue as a worker left it, then a worker took a send job and died without finishing it.
    jobs = await startJobs(shop);
    await jobs.stop();
    const dead = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => shop.database.executeSql(text, values) }, schema: "pgboss" } as ConstructorParameters<typeof PgBoss>[0]);
    await dead.send(SEND_EMAIL, {}).catch(() => null);
    await dead.fetch(SEND_EMAIL).catch(() => null);
    // A new worker starts; a sign-in code is asked for.
    jobs = await startJobs(shop);
    await queueAccountEmail(dbOf(shop), "signin@example.com", "login_code", `dead-job:${Math.random()}`, { code: "123456" }, shop.clock.now());
    await sendQueuedEmailsSoon(shop);
    await waitFor("the sign-in code", async () => peer.received.find((m) => m.to.includes("signin@example.com")), 10_000);
  });

  it("a backlog drains without waiting for the minute sweep (more than one job's worth of email)", async () => {
    await enqueueEmails(dbOf(shop), Array.from({ length: 260 }, (_, i) => receipt(i, "backlog")), { now: shop.clock.now() });
    jobs = await startJobs(shop);
    await sendQueuedEmailsSoon(shop);
    await waitFor("all 260 emails", async () => peer.received.length >= 260, 20_000);
    expect(new Set(peer.received.map((m) => m.to[0])).size).toBe(260);
  });

  it("a magic link queued behind receipts is sent first", async () => {
    await enqueueEmails(dbOf(shop), Array.from({ length: 30 }, (_, i) => receipt(i, "before")), { now: shop.clock.now() });
    await queueAccountEmail(dbOf(shop), "magic@example.com", "magic_link", `magic:${Math.random()}`, { url: "https://shop.example/m/abc" }, shop.clock.now());
    expect(await sendDueEmails(shop, { batchSize: 5, maxBatches: 1 })).toMatchObject({ sent: 5 });
    expect(peer.received[0]!.to).toEqual(["magic@example.com"]);
  });
});
