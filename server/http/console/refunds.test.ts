import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../../domain/orders";
import { createApp } from "../../app";
import { auditLog, emailOutbox, ledgerEntries, orders, paymentRefunds, payments, renewals, sandboxCharges } from "../../db/schema";
import { gatewayOf } from "../../integrations/payments";
import { refundedByRows } from "../../modules/payments";
import { dbOf } from "../../shop";
import { confirmedRefund } from "../../testing/console-refunds";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { seedSubscriptions } from "../../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";
import { drainDueRenewals } from "../../workflows/renew-subscription";

describe(`console refunds (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  let finance = "";
  let support = "";
  const db = () => dbOf(shop);

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
  });
  afterAll(() => shop.cleanup());

  /** A refund as staff make it: preview, then confirm what it showed (`raw` sends the body as given, unconfirmed). */
  const refund = async (number: string, body: Record<string, unknown>, cookie = owner, options: { raw?: boolean } = {}) => {
    const sent = options.raw ? body : await confirmedRefund(app, cookie, number, body);
    const res = await app.request(`/api/console/orders/${number}/refunds`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(sent) });
    return { status: res.status, body: (await res.json()) as any };
  };
  const paymentOf = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const chargeOf = async (chargeId: string) => (await db().select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId)))[0]!;

  it("refunds part, then the rest; never more than was captured; the order, gateway, email and audit agree", async () => {
    const order = await placeTestOrder(app, { email: "refund-me@example.com", firstName: "Rosa" });
    const total = order.total;
    const part = Math.floor(total / 3);
    const first = await refund(order.number, { amount: part, reason: "Damaged bottle", idempotencyKey: randomUUID() }, finance);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ refund: { amount: part, status: "succeeded", reason: "Damaged bottle" }, refundable: total - part, replay: false });

    const tooMuch = await refund(order.number, { amount: total - part + 1, reason: "Too much", idempotencyKey: randomUUID() });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe("REFUND_EXCEEDS_BALANCE");

    const rest = await refund(order.number, { full: true, reason: "Customer unhappy", idempotencyKey: randomUUID() });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ refund: { amount: total - part, status: "succeeded" }, refundable: 0 });
    expect((await refund(order.number, { full: true, reason: "Again", idempotencyKey: randomUUID() })).body.code).toBe("REFUND_EXCEEDS_BALANCE");

    const payment = await paymentOf(order.id);
    expect(payment.refundedAmount).toBe(total);
    expect(await refundedByRows(db(), payment.id)).toBe(total);
    expect((await chargeOf(payment.gatewayChargeId!)).amountRefunded).toBe(total);
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("refunded");

    const mails = await db().select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, "order-refunded:%"));
    const mine = mails.filter((m) => m.to === "refund-me@example.com");
    expect(mine).toHaveLength(2);
    expect(mine.map((m) => m.subject).sort()).toEqual([`A partial refund for order ${order.number}`, `Your refund for order ${order.number}`].sort());
    expect(mine.find((m) => m.subject.startsWith("A partial"))!.text).toMatch(/Hi Rosa, we have refunded \$[\d.,]+ of order/);

    const entries = (await db().select().from(auditLog).where(eq(auditLog.targetId, order.number))).filter((e) => e.action === "orders.refund");
    expect(entries).toHaveLength(2);
    expect(entries[0]!.after).toMatchObject({ amount: part, reason: "Damaged bottle" });

    const detail = (await (await app.request(`/api/console/orders/${order.number}`, { headers: { Cookie: owner } })).json()) as any;
    expect(detail.payments[0]).toMatchObject({ amount: total, refunded: total, refundable: 0 });
    expect(detail.refunds.map((r: any) => r.amount)).toEqual([part, total - part]);
    expect(detail.order.status).toBe("refunded");
  });

  it("the same key refunds once; the same key for another amount is refused", async () => {
    const order = await placeTestOrder(app, { email: "twice@example.com" });
    const key = randomUUID();
    const a = await refund(order.number, { amount: 500, reason: "Late", idempotencyKey: key });
    const b = await refund(order.number, { amount: 500, reason: "Late", idempotencyKey: key });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toMatchObject({ replay: true, refund: { id: a.body.refund.id } });
    expect((await refund(order.number, { amount: 700, reason: "Late", idempotencyKey: key })).body.code).toBe("IDEMPOTENCY_CONFLICT");
    const payment = await paymentOf(order.id);
    expect(payment.refundedAmount).toBe(500);
    expect((await chargeOf(payment.gatewayChargeId!)).amountRefunded).toBe(500);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).toHaveLength(1);
  });

  it("two refunds at once that together exceed the payment: exactly one goes through", async () => {
    const order = await placeTestOrder(app, { email: "race@example.com" });
    const share = Math.ceil(order.total * 0.6);
    const results = await Promise.all(Array.from({ length: 4 }, () => refund(order.number, { amount: share, reason: "Race", idempotencyKey: randomUUID() })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const payment = await paymentOf(order.id);
    expect(payment.refundedAmount).toBe(share);
    expect(await refundedByRows(db(), payment.id)).toBe(share);
    expect((await chargeOf(payment.gatewayChargeId!)).amountRefunded).toBe(share);
  });

  it("the database itself refuses a refunded total above the captured amount", async () => {
    const order = await placeTestOrder(app, { email: "constraint@example.com" });
    await expect(db().update(payments).set({ refundedAmount: order.total + 1 }).where(eq(payments.orderId, order.id))).rejects.toThrow();
    await expect(db().update(payments).set({ refundedAmount: -1 }).where(eq(payments.orderId, order.id))).rejects.toThrow();
  });

  it("a refund the gateway refuses is failed, gives the amount back and sends no email", async () => {
    const order = await placeTestOrder(app, { email: "gateway-down@example.com" });
    const real = gatewayOf(shop);
    (shop as { gateway?: unknown }).gateway = { ...real, refund: async () => Promise.reject(new Error("gateway timeout")) };
    try {
      const res = await refund(order.number, { amount: 300, reason: "Broken seal", idempotencyKey: randomUUID() });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("REFUND_FAILED");
    } finally {
      (shop as { gateway?: unknown }).gateway = undefined;
    }
    const payment = await paymentOf(order.id);
    expect(payment.refundedAmount).toBe(0);
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id)))[0]).toMatchObject({ status: "failed", failure: "gateway timeout" });
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.to, "gateway-down@example.com"))).filter((m) => m.template === "order-refunded")).toHaveLength(0);
    // Sent again, a new refund goes through.
    expect((await refund(order.number, { amount: 300, reason: "Broken seal", idempotencyKey: randomUUID() })).status).toBe(200);
  });

  it("a renewal's charge is refunded through its order and gets its ledger row", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(shop.clock.now().getTime() - 3_600_000) });
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    const [renewal] = await db().select().from(renewals).where(eq(renewals.subscriptionId, sub!.id));
    expect(renewal!.status).toBe("paid");
    const [row] = await db().select({ number: orders.number }).from(orders).where(eq(orders.id, renewal!.orderId!));
    const res = await refund(orderNumber(row!.number), { amount: 1000, reason: "Goodwill", idempotencyKey: randomUUID() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, sub!.id));
    expect(ledger.map((l) => [l.kind, l.amount]).sort()).toEqual([["charge", renewal!.amount], ["refund", -1000]].sort());
  });

  it("answers bad input with 4xx and a code, and refuses support (no refund permission)", async () => {
    const order = await placeTestOrder(app, { email: "bad-input@example.com" });
    for (const body of [
      { amount: 0, reason: "x", idempotencyKey: randomUUID() },
      { amount: -5, reason: "x", idempotencyKey: randomUUID() },
      { amount: 1.5, reason: "x", idempotencyKey: randomUUID() },
      { amount: 100, reason: "", idempotencyKey: randomUUID() },
      { amount: 100, reason: "x", idempotencyKey: "not-a-uuid" },
      { amount: 100, full: true, reason: "x", idempotencyKey: randomUUID() },
      { reason: "x", idempotencyKey: randomUUID() },
      { amount: "100", reason: "x", idempotencyKey: randomUUID() },
    ]) {
      const res = await refund(order.number, body, owner, { raw: true });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await refund("SD-999999", { amount: 100, reason: "x", idempotencyKey: randomUUID() })).status).toBe(404);
    expect((await refund(order.number, { amount: 100, reason: "x", idempotencyKey: randomUUID() }, support)).status).toBe(403);
    expect((await paymentOf(order.id)).refundedAmount).toBe(0);
  });
});
