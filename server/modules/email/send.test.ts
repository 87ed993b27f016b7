import { createServer, type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startJobs, type JobQueue } from "../../jobs/queue";
import { dbOf } from "../../shop";
import { sampleOrderSummary } from "../../testing/order-summary";
import { parseMail, startSmtpPeer, type SmtpPeer } from "../../testing/smtp-peer";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { enqueueOrderConfirmation } from "../orders";
import { SEND_EMAIL, sendQueuedEmailsSoon } from "./index";
import { enqueueEmail, findEmail, RETRY_DELAYS_MS } from "./outbox";
import { mailDomain, sendDueEmails } from "./send";
import { waitFor } from "../../testing/wait-for";


/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

let orderCount = 0;
const newOrder = () => {
  orderCount++;
  const id = `0b7e2f59-5d0c-4a43-bb0a-${String(orderCount).padStart(12, "0")}`;
  return sampleOrderSummary({ id, number: `SD-${200000 + orderCount}`, email: `buyer${orderCount}@example.com` });
};

describe(`sending the outbox over SMTP (${testDriver()})`, () => {
  let peer: SmtpPeer;
  let shop: TestShop;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    shop = await openTestShop({ env: { SMTP_URL: peer.url, MAIL_FROM: "Seed Care <care@seed.example>" } });
  });
  afterAll(async () => {
    await shop?.cleanup();
    await peer?.close();
  });
  beforeEach(async () => {
    await dbOf(shop).delete(emailOutbox);
    peer.received.length = 0;
    peer.behave({ accept: true });
  });

  it("without SMTP_URL nothing is sent: the email stays queued in the outbox (for the development mailbox)", async () => {
    const order = newOrder();
    const id = await enqueueOrderConfirmation(dbOf(shop), order, { now: shop.clock.now() });
    const noSmtp = { ...shop, env: { ...shop.env, SMTP_URL: undefined } };
    expect(await sendDueEmails(noSmtp)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    expect(await findEmail(shop, id!)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("delivers a queued order confirmation: recipient, From, subject, text and HTML parts, a stable Message-ID; marks it sent", async () => {
    const order = newOrder();
    const id = await dbOf(shop).transaction((tx) => enqueueOrderConfirmation(tx, order, { now: shop.clock.now() }));
    expect(await sendDueEmails(shop)).toEqual({ sent: 1, retrying: 0, failed: 0 });

    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual([order.email]);
    expect(mail.from).toBe("care@seed.example");
    const parsed = parseMail(mail.raw);
    expect(parsed.headers).toMatch(new RegExp(`^To: ${order.email}$`, "m"));
    expect(parsed.headers).toMatch(/^From: Seed Care <care@seed\.example>$/m);
    expect(parsed.headers).toMatch(new RegExp(`^Subject: Your Seed order ${order.number}$`, "m"));
    expect(parsed.headers).toMatch(new RegExp(`^Message-ID: <${id}@seed\\.example>$`, "mi"));
    expect(parsed.contentType).toBe("multipart/alternative");
    expect(parsed.text).toContain(`Order ${order.number}, placed November 22, 2026.`);
    expect(parsed.text).toContain("Total: $47.44");
    expect(parsed.text).toContain("Discount (DS-01-25-OFF): −$12.50");
    expect(parsed.html).toContain("<!DOCTYPE html>");
    expect(parsed.html).toContain(`<title>Your Seed order ${order.number}</title>`);
    expect(parsed.html).toContain("$47.44");
    expect(parsed.html).toContain("DS-01® Daily Synbiotic");

    const row = await findEmail(shop, id!);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, nextAttemptAt: null });
    expect(row!.sentAt!.toISOString()).toBe(shop.clock.now().toISOString());
    // Sent once: a second sweep finds nothing to do.
    expect(await sendDueEmails(shop)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
  });

  it("a temporary refusal (451) keeps the email queued with the error; after the backoff it is tried again and delivered", async () => {
    const order = newOrder();
    const id = await enqueueOrderConfirmation(dbOf(shop), order, { now: shop.clock.now() });
    peer.behave({ accept: false, code: 451, message: "Greylisted, try again later" });
    expect(await sendDueEmails(shop)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(peer.received).toHaveLength(0);
    const after = await findEmail(shop, id!);
    expect(after).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(after!.lastError).toMatch(/451/);
    expect(after!.nextAttemptAt!.getTime()).toBe(shop.clock.now().getTime() + RETRY_DELAYS_MS[0]);

    peer.behave({ accept: true });
    // Not before the backoff ends...
    expect(await sendDueEmails(shop)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const start = shop.clock.now();
    try {
      shop.clock.advance(RETRY_DELAYS_MS[0]);
      expect(await sendDueEmails(shop)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    } finally {
      shop.clock.set(start);
    }
    expect(peer.received.map((m) => m.to)).toEqual([[order.email]]);
    expect(await findEmail(shop, id!)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("a permanent refusal (550) marks the email failed at once and keeps its content", async () => {
    const order = newOrder();
    const id = await enqueueOrderConfirmation(dbOf(shop), order, { now: shop.clock.now() });
    peer.behave({ accept: false, code: 550, message: "No such user here" });
    expect(await sendDueEmails(shop)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await findEmail(shop, id!);
    expect(row).toMatchObject({ status: "failed", attempts: 1, subject: `Your Seed order ${order.number}`, to: order.email });
    expect(row!.lastError).toMatch(/550/);
    expect(row!.html).toContain(order.number);
  });

  it("an SMTP server that does not answer leaves every email queued for a retry: nothing is lost", async () => {
    const ids = [await enqueueOrderConfirmation(dbOf(shop), newOrder(), { now: shop.clock.now() }), await enqueueOrderConfirmation(dbOf(shop), newOrder(), { now: shop.clock.now() })];
    const down = { ...shop, env: { ...shop.env, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } };
    expect(await sendDueEmails(down)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    for (const id of ids) {
      const row = await findEmail(shop, id!);
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    }
    const start = shop.clock.now();
    try {
      shop.clock.advance(RETRY_DELAYS_MS[0]);
      expect(await sendDueEmails(shop)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    } finally {
      shop.clock.set(start);
    }
    expect(peer.received).toHaveLength(2);
  });

  it("sends many queued emails in batches, oldest first", async () => {
    const base = shop.clock.now().getTime();
    for (let i = 0; i < 7; i++) {
      await enqueueEmail(dbOf(shop), { to: `many${i}@example.com`, subject: `Many ${i}`, text: "t", html: "<p>h</p>", template: "test", idempotencyKey: `many-${i}` }, { now: new Date(base + i * 1000) });
    }
    expect(await sendDueEmails(shop, { batchSize: 3 })).toEqual({ sent: 7, retrying: 0, failed: 0 });
    expect(peer.received.map((m) => m.to[0])).toEqual(Array.from({ length: 7 }, (_, i) => `many${i}@example.com`));
  });

  it("mailDomain takes the domain of MAIL_FROM", () => {
    expect(mailDomain("Seed <care@seed.example>")).toBe("seed.example");
    expect(mailDomain("care@shop.example")).toBe("shop.example");
  });
});

describe(`the email sender of the workers (${testDriver()})`, () => {
  let peer: SmtpPeer;
  let shop: TestShop;
  let jobs: JobQueue | null = null;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    shop = await openTestShop({ env: { SMTP_URL: peer.url } });
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = null;
  });
  afterAll(async () => {
    await shop?.cleanup();
    await peer?.close();
  });

  const delivered = (to: string) => waitFor(`an email to ${to}`, async () => peer.received.find((m) => m.to.includes(to)));

  it("the old stately send-email queue and its minute schedule are gone; the sender runs without them", async () => {
    jobs = await startJobs(shop);
    expect(await jobs.boss.getQueue(SEND_EMAIL)).toBeNull();
    expect((await jobs.boss.getSchedules()).map((s) => s.name)).not.toContain(SEND_EMAIL);
    expect(jobs.email).toBeTruthy();
  });

  it("an email queued in a committed transaction is sent within seconds of sendQueuedEmailsSoon", async () => {
    jobs = await startJobs(shop);
    const order = newOrder();
    const id = await dbOf(shop).transaction((tx) => enqueueOrderConfirmation(tx, order, { now: shop.clock.now() }));
    await sendQueuedEmailsSoon(shop);
    const mail = await delivered(order.email);
    expect(parseMail(mail.raw).headers).toMatch(new RegExp(`^Subject: Your Seed order ${order.number}$`, "m"));
    await waitFor("the row to be marked sent", async () => (await findEmail(shop, id!))?.status === "sent");
  });

  it("queued while no worker runs (the process stopped), it is sent as soon as jobs start again", async () => {
    jobs = await startJobs(shop);
    await jobs.stop();
    jobs = null;
    const order = newOrder();
    const id = await dbOf(shop).transaction((tx) => enqueueOrderConfirmation(tx, order, { now: shop.clock.now() }));
    await sendQueuedEmailsSoon(shop);
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.received.find((m) => m.to.includes(order.email))).toBeUndefined();
    jobs = await startJobs(shop);
    await delivered(order.email);
    await waitFor("the row to be marked sent", async () => (await findEmail(shop, id!))?.status === "sent");
  });

  it("a process without a sender (a web process, JOBS=off) wakes the workers' senders through the database", async () => {
    jobs = await startJobs(shop);
    // Let the sender's first look finish, so only the wake-up can find the next email before the (30 s) poll.
    await new Promise((r) => setTimeout(r, 500));
    const order = newOrder();
    await enqueueOrderConfirmation(dbOf(shop), order, { now: shop.clock.now() });
    const webProcess = { ...shop, database: { ...shop.database } };
    await sendQueuedEmailsSoon(webProcess);
    await waitFor(`an email to ${order.email}`, async () => peer.received.find((m) => m.to.includes(order.email)), 10_000);
  });

  it("sendQueuedEmailsSoon never throws, even when the job tables are not reachable", async () => {
    const broken = { ...shop, database: { ...shop.database, executeSql: async () => Promise.reject(new Error("down")) } };
    await expect(sendQueuedEmailsSoon(broken)).resolves.toBeUndefined();
  });
});
