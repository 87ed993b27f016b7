import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/orders";
import { createApp } from "../../server/app";
import { memberLedger, orders, payments } from "../../server/db/schema";
import { balanceOf, creditBalance, grantCredit, holdOrderCredit, pointsBalance, redeemPoints, reverseRefundedOrder } from "../../server/modules/loyalty";
import { refundedSucceeded } from "../../server/modules/payments";
import { dbOf } from "../../server/shop";
import { confirmedRefund } from "../../server/testing/console-refunds";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { placeTestOrder } from "../../server/testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 24: 100 points turned into $5.00 of credit, then the order was refunded in full by staff: the points went to
 * 0, the $5.00 stayed and was spent. A refund now takes back what the order gave: its points, and the credit its points
 * were redeemed for (below zero as a debt that later credit pays first), once per refund, in proportion to the refund.
 */
describe(`a refund takes back the credit the order's points bought (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let staffCookie: string;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-02-01T12:00:00Z" });
    app = createApp(shop);
    staffCookie = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
  });
  afterAll(() => shop.cleanup());

  let street = 0;
  async function buy(email: string) {
    const order = await placeTestOrder(app, { email, card: { number: "4242424242424242", expMonth: 12, expYear: 2031 }, address1: `${++street} Refund Row` });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    return { id: row!.id, number: row!.number, customerId: row!.customerId, paid: payment!.amount, paymentId: payment!.id };
  }
  async function refund(order: { number: number }, body: { full?: boolean; amount?: number; idempotencyKey?: string }) {
    return app.request(`/api/console/orders/${orderNumber(order.number)}/refunds`, {
      method: "POST",
      headers: { Cookie: staffCookie, "Content-Type": "application/json" },
      // The number typed as well: refunds racing here may find their part became "everything left" (ADR 0075).
      body: JSON.stringify({ confirmation: orderNumber(order.number), ...(await confirmedRefund(app, staffCookie, orderNumber(order.number), { reason: "Customer asked", idempotencyKey: randomUUID(), ...body })) }),
    });
  }
  const reversals = (orderId: string) =>
    db().select().from(memberLedger).where(and(eq(memberLedger.refId, orderId), sql`${memberLedger.reason} in ('order_refunded', 'points_reversed')`));
  const USD = "credit:USD";

  it("points turned into $5.00 of credit: a full refund takes the $5.00 back, in one ledger entry", async () => {
    const order = await buy("rey@example.com");
    const earned = await pointsBalance(db(), order.customerId);
    expect(earned).toBeGreaterThanOrEqual(100);
    await redeemPoints(db(), { customerId: order.customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(500);

    const res = await refund(order, { full: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await pointsBalance(db(), order.customerId)).toBe(0);
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(0);
    const credit = (await reversals(order.id)).filter((e) => e.account === USD);
    expect(credit).toHaveLength(1);
    expect(credit[0]!.amount).toBe(-500);
  });

  it("credit already spent becomes a debt that the next credit pays first; nothing can spend below zero", async () => {
    const order = await buy("spender@example.com");
    await redeemPoints(db(), { customerId: order.customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    // $3.00 of the $5.00 is spent on another order.
    expect(await holdOrderCredit(db(), { orderId: randomUUID(), customerId: order.customerId, currency: "USD", wanted: 300, now: shop.clock.now() })).toBe(300);
    expect((await refund(order, { full: true })).status).toBe(200);
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(0);
    expect(await balanceOf(db(), order.customerId, USD)).toBe(-300); // the debt
    // Nothing to spend while in debt.
    expect(await holdOrderCredit(db(), { orderId: randomUUID(), customerId: order.customerId, currency: "USD", wanted: 100, now: shop.clock.now() })).toBe(0);
    // A $25.00 referral reward pays the $3.00 first.
    await grantCredit(db(), { customerId: order.customerId, amount: 2500, currency: "USD", reason: "referral", key: `test-grant:${order.id}`, now: shop.clock.now() });
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(2200);
  });

  it("a partial refund takes back its share; the rest comes back with the rest of the refund, never more than the order gave", async () => {
    const order = await buy("half@example.com");
    const earned = await pointsBalance(db(), order.customerId);
    await redeemPoints(db(), { customerId: order.customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    const half = Math.floor(order.paid / 2);
    expect((await refund(order, { amount: half })).status).toBe(200);
    const owedNow = earned - Math.floor((order.paid - half) / 100);
    const heldPoints = earned - 100;
    expect(await pointsBalance(db(), order.customerId)).toBe(Math.max(0, heldPoints - owedNow));
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(500 - 5 * Math.max(0, owedNow - heldPoints));
    expect((await refund(order, { full: true })).status).toBe(200);
    expect(await pointsBalance(db(), order.customerId)).toBe(0);
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(0);
    const taken = (await reversals(order.id)).reduce((sum, e) => sum + (e.account === USD ? -e.amount / 5 : -e.amount), 0);
    expect(taken).toBe(earned);
  });

  it("a retried refund (same key) and refunds racing each other reverse once: two concurrent halves and a replay take back exactly what the order gave", async () => {
    const order = await buy("race@example.com");
    const earned = await pointsBalance(db(), order.customerId);
    await redeemPoints(db(), { customerId: order.customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    const half = Math.floor(order.paid / 2);
    const keyA = randomUUID();
    const answers = await Promise.all([
      refund(order, { amount: half, idempotencyKey: keyA }),
      refund(order, { amount: order.paid - half }),
      refund(order, { amount: half, idempotencyKey: keyA }),
    ]);
    // Both halves are refunded; the same key sent at the same moment is answered as the replay it is.
    expect(await Promise.all(answers.map(async (a) => `${a.status} ${a.status === 200 ? "" : await a.text()}`))).toEqual(["200 ", "200 ", "200 "]);
    const [first, , again] = (await Promise.all(answers.map((a) => a.json()))) as { refund: { id: string }; replay: boolean }[];
    expect(again!.refund.id).toBe(first!.refund.id);
    // The same key again, later: a replay, nothing new.
    expect((await refund(order, { amount: half, idempotencyKey: keyA })).status).toBe(200);
    expect(await refundedSucceeded(db(), order.paymentId)).toBe(order.paid);
    const entries = await reversals(order.id);
    const taken = entries.reduce((sum, e) => sum + (e.account === USD ? -e.amount / 5 : -e.amount), 0);
    expect(taken).toBe(earned);
    expect(await pointsBalance(db(), order.customerId)).toBe(0);
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(0);
  });

  it("the reversal of one refund run many times at once writes its entries once (the ledger's unique key behind it)", async () => {
    const order = await buy("many@example.com");
    await redeemPoints(db(), { customerId: order.customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    const refundId = randomUUID();
    const run = () =>
      db().transaction((tx) => reverseRefundedOrder(tx, { customerId: order.customerId, orderId: order.id, paid: order.paid, refundId, refunded: async () => order.paid, now: shop.clock.now() }));
    const results = await Promise.allSettled(Array.from({ length: 6 }, run));
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThan(0);
    const again = await run();
    expect(again).toEqual({ points: 0, credit: 0 });
    const entries = await reversals(order.id);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(entries.filter((e) => e.account === USD)).toHaveLength(1);
    expect(await pointsBalance(db(), order.customerId)).toBe(0);
    expect(await creditBalance(db(), order.customerId, "USD")).toBe(0);
    // The database refuses a second entry under the same key whatever the code does.
    await expect(
      db().execute(sql`INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, ref_id, created_at)
        VALUES (${order.customerId}, ${USD}, 9999, -500, 0, 'points_reversed', ${entries.find((e) => e.account === USD)!.key}, ${order.id}, now())`),
    ).rejects.toThrow();
  });
});
