import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { auditLog, orders, paymentRefunds, payments } from "../../db/schema";
import { balanceOf, creditBalance, grantCredit, holdOrderCredit, pointsBalance, redeemPoints } from "../../modules/loyalty";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";

/**
 * Issue 36, "money with a second look": every refund is previewed (amount, the customer's email, points and credit,
 * referral) by the code that will then do it, and the server refuses a refund without the confirmation.
 */
describe(`refund confirmation (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let finance = "";
  let support = "";
  let content = "";
  const db = () => dbOf(shop);

  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-02-01T12:00:00Z" });
    app = createApp(shop);
    finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
  });
  afterAll(() => shop.cleanup());

  const preview = async (number: string, query: Record<string, string>, cookie = finance) => {
    const res = await app.request(`/api/console/orders/${number}/refunds/preview?${new URLSearchParams(query)}`, { headers: { Cookie: cookie } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const refund = async (number: string, body: Record<string, unknown>, cookie = finance) => {
    const res = await app.request(`/api/console/orders/${number}/refunds`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "Customer asked", idempotencyKey: randomUUID(), ...body }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const customerOf = async (orderId: string) => (await db().select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId)))[0]!.customerId;
  const paidOf = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!.amount;
  const statusInList = async (number: string) => {
    const list = (await (await app.request(`/api/console/orders?q=${number}`, { headers: { Cookie: finance } })).json()) as any;
    return list.rows[0].status as string;
  };
  const statusOnPage = async (number: string) => ((await (await app.request(`/api/console/orders/${number}`, { headers: { Cookie: finance } })).json()) as any).order.status as string;

  it("the preview says what the refund then does: amount, the customer's email, points and the credit they bought", async () => {
    const order = await placeTestOrder(app, { email: "preview-points@example.com", firstName: "Ines", address1: "1 Preview Row" });
    const customerId = await customerOf(order.id);
    const paid = await paidOf(order.id);
    // 100 of the order's points become $5.00 of credit: a refund takes back points still held first, then that credit.
    await redeemPoints(db(), { customerId, points: 100, currency: "USD", key: randomUUID(), now: shop.clock.now() });
    const points0 = await pointsBalance(db(), customerId);
    const credit0 = await balanceOf(db(), customerId, "credit:USD");

    const half = Math.floor(paid / 2);
    const first = await preview(order.number, { amount: String(half) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ amount: half, currency: "USD", remaining: paid - half, emptiesPayment: false, fullRefund: null });
    expect(first.body.email).toMatchObject({ to: "preview-points@example.com", subject: `A partial refund for order ${order.number}` });
    expect(first.body.email.text).toMatch(/^Hi Ines, we have refunded \$[\d.,]+ of order/);
    expect(first.body.loyalty.points + first.body.loyalty.credit).toBeGreaterThan(0);
    // Previewing changes nothing.
    expect(await pointsBalance(db(), customerId)).toBe(points0);

    expect((await refund(order.number, { amount: half, confirmedAmount: half })).status).toBe(200);
    expect(points0 - (await pointsBalance(db(), customerId))).toBe(first.body.loyalty.points);
    expect(credit0 - (await balanceOf(db(), customerId, "credit:USD"))).toBe(first.body.loyalty.credit);
    expect(await statusInList(order.number)).toBe("partially refunded");
    expect(await statusOnPage(order.number)).toBe("partially refunded");

    // The rest: everything left, which needs the order number typed.
    const points1 = await pointsBalance(db(), customerId);
    const credit1 = await balanceOf(db(), customerId, "credit:USD");
    const rest = await preview(order.number, { full: "true" });
    expect(rest.body).toMatchObject({ amount: paid - half, remaining: 0, emptiesPayment: true, fullRefund: { referral: null, creditReturned: null } });
    expect(rest.body.email.subject).toBe(`Your refund for order ${order.number}`);
    expect(rest.body.loyalty.credit).toBeGreaterThan(0);
    expect((await refund(order.number, { full: true, confirmedAmount: paid - half, confirmation: order.number.toLowerCase() })).status).toBe(200);
    expect(points1 - (await pointsBalance(db(), customerId))).toBe(rest.body.loyalty.points);
    expect(credit1 - (await balanceOf(db(), customerId, "credit:USD"))).toBe(rest.body.loyalty.credit);
    expect(await statusInList(order.number)).toBe("refunded");
    expect(await statusOnPage(order.number)).toBe("refunded");
  });

  it("refunding everything left shows, and then gives back, the credit the order spent", async () => {
    const first = await placeTestOrder(app, { email: "spent-credit@example.com", address1: "2 Preview Row" });
    const customerId = await customerOf(first.id);
    await grantCredit(db(), { customerId, amount: 700, currency: "USD", reason: "referral", key: `grant:${first.id}`, now: shop.clock.now() });
    // An order that spent $4.00 of it (held as a checkout does, keyed by the order).
    shop.clock.advance(5 * 60_000);
    const order = await placeTestOrder(app, { email: "spent-credit@example.com", address1: "2 Preview Row" });
    expect(await holdOrderCredit(db(), { orderId: order.id, customerId, currency: "USD", wanted: 400, now: shop.clock.now() })).toBe(400);
    const before = await creditBalance(db(), customerId, "USD");
    const shown = await preview(order.number, {});
    expect(shown.body.fullRefund).toMatchObject({ creditReturned: { amount: 400, account: "credit:USD" } });
    expect((await refund(order.number, { full: true, confirmedAmount: shown.body.amount, confirmation: order.number })).status).toBe(200);
    expect((await creditBalance(db(), customerId, "USD")) - before).toBe(400 - shown.body.loyalty.credit);
  });

  it("the server refuses a refund without its confirmation, and nothing moves", async () => {
    const order = await placeTestOrder(app, { email: "unconfirmed@example.com", address1: "3 Preview Row" });
    const paid = await paidOf(order.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 500 }, 428, "CONFIRMATION_REQUIRED"],
      [{ amount: 500, confirmedAmount: 400 }, 409, "CONFIRMATION_STALE"],
      [{ full: true, confirmedAmount: paid }, 428, "CONFIRMATION_REQUIRED"],
      [{ full: true, confirmedAmount: paid, confirmation: "SD-000001" }, 428, "CONFIRMATION_REQUIRED"],
      // An amount that happens to be everything left is the destructive refund too.
      [{ amount: paid, confirmedAmount: paid }, 428, "CONFIRMATION_REQUIRED"],
    ];
    for (const [body, status, code] of cases) {
      const res = await refund(order.number, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(0);
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, order.number))).filter((e) => e.action === "orders.refund")).toHaveLength(0);

    // Shown "everything left", then another refund landed: the full refund's amount moved, so it is refused.
    const shown = await preview(order.number, { full: "true" });
    expect((await refund(order.number, { amount: 300, confirmedAmount: 300 })).status).toBe(200);
    const stale = await refund(order.number, { full: true, confirmedAmount: shown.body.amount, confirmation: order.number });
    expect([stale.status, stale.body.code]).toEqual([409, "CONFIRMATION_STALE"]);
    expect(await statusInList(order.number)).toBe("partially refunded");
  });

  it("the preview needs the refund permission; bad amounts are 4xx", async () => {
    const order = await placeTestOrder(app, { email: "preview-roles@example.com", address1: "4 Preview Row" });
    expect((await preview(order.number, { amount: "100" }, support)).status).toBe(403);
    expect((await preview(order.number, { amount: "100" }, content)).status).toBe(403);
    const paid = await paidOf(order.id);
    expect((await preview(order.number, { amount: String(paid + 1) })).body.code).toBe("REFUND_EXCEEDS_BALANCE");
    for (const query of <Record<string, string>[]>[{ amount: "0" }, { amount: "1.5" }, { amount: "x" }, { amount: "100", full: "true" }, { paymentId: "nope" }]) {
      expect((await preview(order.number, query)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await preview("SD-999999", { amount: "100" })).status).toBe(404);
  });
});
