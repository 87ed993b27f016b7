import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { dbOf } from "../../shop";
import { sampleOrderSummary } from "../../testing/order-summary";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { enqueueOrderConfirmation } from "../orders";
import {
  CLAIM_LEASE_MS,
  claimDueEmails,
  enqueueEmail,
  findEmail,
  findEmailByKey,
  listOutbox,
  markEmailFailed,
  markEmailSent,
  MAX_ATTEMPTS,
  requeueEmail,
  RETRY_DELAYS_MS,
  type NewEmail,
} from "./outbox";

const email = (key: string, overrides: Partial<NewEmail> = {}): NewEmail => ({
  to: "buyer@example.com",
  subject: `Subject ${key}`,
  text: `Text ${key}`,
  html: `<p>HTML ${key}</p>`,
  template: "test",
  idempotencyKey: key,
  ...overrides,
});

class Rollback extends Error {}

describe(`email outbox (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  const rowsWithKey = async (key: string) => dbOf(shop).select().from(emailOutbox).where(eq(emailOutbox.idempotencyKey, key));

  it("an email queued inside a transaction that rolls back leaves nothing", async () => {
    await expect(
      dbOf(shop).transaction(async (tx) => {
        const id = await enqueueEmail(tx, email("rolled-back"), { now: shop.clock.now() });
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        throw new Rollback("the order failed after the email was queued");
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await rowsWithKey("rolled-back")).toEqual([]);
  });

  it("an email queued inside a transaction that commits is there, queued, with its content", async () => {
    const id = await dbOf(shop).transaction(async (tx) => enqueueEmail(tx, email("committed"), { now: shop.clock.now() }));
    const row = await findEmail(shop, id!);
    expect(row).toMatchObject({
      id,
      to: "buyer@example.com",
      subject: "Subject committed",
      text: "Text committed",
      html: "<p>HTML committed</p>",
      template: "test",
      idempotencyKey: "committed",
      status: "queued",
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      sentAt: null,
    });
    expect(row!.createdAt.toISOString()).toBe(shop.clock.now().toISOString());
  });

  it("the same idempotency key twice gives one row; the second call answers null and changes nothing", async () => {
    const first = await enqueueEmail(dbOf(shop), email("twice"), { now: shop.clock.now() });
    const second = await enqueueEmail(dbOf(shop), email("twice", { subject: "Another subject", to: "other@example.com" }), { now: shop.clock.now() });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    const rows = await rowsWithKey("twice");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first, subject: "Subject twice", to: "buyer@example.com" });
  });

  it("the same key from two transactions at once still gives one row", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => dbOf(shop).transaction(async (tx) => enqueueEmail(tx, email("concurrent"), { now: shop.clock.now() }))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await rowsWithKey("concurrent")).toHaveLength(1);
  });

  it("enqueueOrderConfirmation renders the order and keys it by order id, once", async () => {
    const order = sampleOrderSummary({ id: "0b7e2f59-5d0c-4a43-bb0a-6a4a1d1f0001", number: "SD-100077" });
    const id = await dbOf(shop).transaction((tx) => enqueueOrderConfirmation(tx, order, { now: shop.clock.now() }));
    expect(await dbOf(shop).transaction((tx) => enqueueOrderConfirmation(tx, order, { now: shop.clock.now() }))).toBeNull();
    const row = await findEmailByKey(shop, `order-confirmation:${order.id}`);
    expect(row).toMatchObject({ id, to: "buyer@example.com", subject: "Your Seed order SD-100077", template: "order-confirmation" });
    expect(row!.text).toContain("Total: $47.44");
    expect(row!.html).toContain("SD-100077");
  });

  it("refuses a header value with a line break or an empty recipient", async () => {
    await expect(enqueueEmail(dbOf(shop), email("inject", { subject: "Hi\r\nBcc: x@example.com" }), { now: shop.clock.now() })).rejects.toThrow(/line break/);
    await expect(enqueueEmail(dbOf(shop), email("inject2", { to: "a@example.com\nBcc: b@example.com" }), { now: shop.clock.now() })).rejects.toThrow(/line break/);
    await expect(enqueueEmail(dbOf(shop), email("empty", { to: " " }), { now: shop.clock.now() })).rejects.toThrow(/empty/);
    expect(await rowsWithKey("inject")).toEqual([]);
  });

  it("listOutbox answers newest first without the bodies; findEmail answers null for unknown or malformed ids", async () => {
    const base = shop.clock.now().getTime();
    await enqueueEmail(dbOf(shop), email("list-old"), { now: new Date(base + 1000) });
    await enqueueEmail(dbOf(shop), email("list-new"), { now: new Date(base + 2000) });
    const list = await listOutbox(shop);
    const keys = list.map((m) => m.idempotencyKey);
    expect(keys.indexOf("list-new")).toBeLessThan(keys.indexOf("list-old"));
    expect(keys[0]).toBe("list-new");
    expect(list[0]).not.toHaveProperty("html");
    expect(list[0]).not.toHaveProperty("text");
    expect(await findEmail(shop, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await findEmail(shop, "not-a-uuid")).toBeNull();
    expect(await findEmail(shop, "' or 1=1 --")).toBeNull();
  });

  describe("claiming, retries and backoff", () => {
    it("a claimed email is leased: a second sweep does not take it until the lease ends", async () => {
      await dbOf(shop).delete(emailOutbox);
      const id = await enqueueEmail(dbOf(shop), email("lease"), { now: shop.clock.now() });
      const first = await claimDueEmails(shop);
      expect(first.map((e) => e.id)).toEqual([id]);
      expect(first[0]).toMatchObject({ attempts: 1 });
      expect(await claimDueEmails(shop)).toEqual([]);
      const start = shop.clock.now();
      try {
        shop.clock.advance(CLAIM_LEASE_MS + 1);
        const again = await claimDueEmails(shop);
        expect(again.map((e) => e.id)).toEqual([id]);
        expect(again[0]!.attempts).toBe(2);
      } finally {
        shop.clock.set(start);
      }
      await markEmailSent(shop, id!);
      expect(await findEmail(shop, id!)).toMatchObject({ status: "sent", sentAt: shop.clock.now(), nextAttemptAt: null });
    });

    it("two sweeps at once never claim the same email", async () => {
      await dbOf(shop).delete(emailOutbox);
      for (let i = 0; i < 10; i++) await enqueueEmail(dbOf(shop), email(`race-${i}`), { now: shop.clock.now() });
      const [a, b, c] = await Promise.all([claimDueEmails(shop, 4), claimDueEmails(shop, 4), claimDueEmails(shop, 4)]);
      const ids = [...a!, ...b!, ...c!].map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(10);
    });

    it("a failed try waits for the backoff, the last try marks it failed, and the email is kept; requeue puts it back", async () => {
      await dbOf(shop).delete(emailOutbox);
      const id = await enqueueEmail(dbOf(shop), email("backoff"), { now: shop.clock.now() });
      const start = shop.clock.now();
      try {
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          const [claimed] = await claimDueEmails(shop);
          expect(claimed?.id, `attempt ${attempt}`).toBe(id);
          expect(claimed!.attempts).toBe(attempt);
          const status = await markEmailFailed(shop, claimed!, `451 try ${attempt}`);
          if (attempt < MAX_ATTEMPTS) {
            expect(status).toBe("queued");
            const row = await findEmail(shop, id!);
            expect(row!.nextAttemptAt!.getTime() - shop.clock.now().getTime()).toBe(RETRY_DELAYS_MS[attempt - 1]);
            // Not due before the backoff ends.
            shop.clock.advance(RETRY_DELAYS_MS[attempt - 1]! - 1000);
            expect(await claimDueEmails(shop)).toEqual([]);
            shop.clock.advance(1000);
          } else {
            expect(status).toBe("failed");
          }
        }
        const row = await findEmail(shop, id!);
        expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: `451 try ${MAX_ATTEMPTS}`, nextAttemptAt: null, subject: "Subject backoff" });
        expect(await claimDueEmails(shop)).toEqual([]);
        expect(await requeueEmail(shop, id!)).toBe(true);
        expect(await findEmail(shop, id!)).toMatchObject({ status: "queued", attempts: 0 });
        expect(await requeueEmail(shop, id!)).toBe(false);
      } finally {
        shop.clock.set(start);
      }
    });

    it("a permanent failure marks the email failed at once", async () => {
      await dbOf(shop).delete(emailOutbox);
      const id = await enqueueEmail(dbOf(shop), email("permanent"), { now: shop.clock.now() });
      const [claimed] = await claimDueEmails(shop);
      expect(await markEmailFailed(shop, claimed!, "550 no such user", { permanent: true })).toBe("failed");
      expect(await findEmail(shop, id!)).toMatchObject({ status: "failed", attempts: 1, lastError: "550 no such user" });
    });

    it("the database refuses a status outside queued, sent, failed", async () => {
      const id = await enqueueEmail(dbOf(shop), email("bad-status"), { now: shop.clock.now() });
      await expect(dbOf(shop).update(emailOutbox).set({ status: "bounced" }).where(eq(emailOutbox.id, id!))).rejects.toThrow();
    });
  });
});
