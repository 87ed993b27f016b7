import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceView } from "../../domain/invoice";
import { orderNumber } from "../../domain/orders";
import { createApp } from "../app";
import { emailOutbox, memberLedger, orders, payments, renewals } from "../db/schema";
import { startSession } from "../modules/auth/sessions";
import { findOrCreateCustomer } from "../modules/customers";
import { creditBalance, entryByKey, grantCredit, holdOrderCredit, holdRenewalCredit, orderCreditKey, orderCreditReturnKey } from "../modules/loyalty";
import { orderSummary } from "../modules/orders";
import { claimDueRenewals } from "../modules/renewals";
import { dbOf } from "../shop";
import { confirmedRefund } from "../testing/console-refunds";
import { createTestStaff, signInTestStaff } from "../testing/console-staff";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { loyaltyUpkeep } from "./loyalty-upkeep";
import { renewSubscription } from "./renew-subscription";
import { onOrderRefunded } from "./reward-referrals";

const START = "2027-03-01T12:00:00Z";
const DAY = 86_400_000;
const LEGAL = { name: "Seed Health, Inc.", address: ["1 Main St"], taxId: null, email: "care@example.com" } as any;

/** Member credit taken off a checkout order (ADR 0040): once, under races with orders and renewals, back on a refund. */
describe(`credit on checkout orders (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: START });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  let street = 0;
  /** A member, signed in (their session cookie), with `credit` cents of credit in `currency`. */
  async function member(credit = 0, currency = "USD") {
    const email = `credit-${randomUUID()}@example.com`;
    const customer = await findOrCreateCustomer(shop, email, { firstName: "Ann", lastName: "Member" });
    if (credit > 0) await grantCredit(db(), { customerId: customer.id, amount: credit, currency, reason: "referral", key: `grant:${randomUUID()}`, now: shop.clock.now() });
    return { id: customer.id, email, cookie: `seed_jwt=${(await startSession(shop, customer)).token}` };
  }
  const address = (country = "US") =>
    country === "US"
      ? { firstName: "Ann", lastName: "Member", address1: `${++street} Credit Lane`, city: "Austin", region: "TX", postalCode: "78701", country }
      : { firstName: "Ann", lastName: "Member", address1: `${++street} Credit Lane`, city: "London", region: "", postalCode: "SW1A 1AA", country };
  async function purchase(o: { email: string; cookie?: string; card?: string; items?: Record<string, number>; country?: string }) {
    const tokenRes = await app.request("/api/payments/sandbox/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: o.card ?? "4242424242424242", expMonth: 11, expYear: 2031, cvc: "123" }),
    });
    const { token } = (await tokenRes.json()) as { token: string };
    return app.request("/api/purchase", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...(o.cookie ? { Cookie: o.cookie } : {}) },
      body: JSON.stringify({ email: o.email, shippingAddress: address(o.country), items: o.items ?? { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true }),
    });
  }
  async function buy(o: Parameters<typeof purchase>[0]) {
    const res = await purchase(o);
    const body = (await res.json()) as any;
    if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(body)}`);
    return body.order as { id: string; number: string; total: number; creditApplied: number; currency: string };
  }
  async function preview(cookie?: string, country = "US") {
    const res = await app.request("/provider/ecommerce/purchase/preview", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ items: { "syn-wk-3mo": 1 }, coupon_codes: [], country }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { total: number; creditApplied: number; currency: string };
  }
  const paymentOf = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  async function refundInFull(orderId: string) {
    const owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    const [o] = await db().select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const res = await app.request(`/api/console/orders/${orderNumber(o!.number)}/refunds`, {
      method: "POST",
      headers: { Cookie: owner, "Content-Type": "application/json" },
      body: JSON.stringify(await confirmedRefund(app, owner, orderNumber(o!.number), { full: true, reason: "Changed their mind", idempotencyKey: randomUUID() })),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it("takes the credit off the member's order once, charges the rest, and shows it in the summary, receipt, email and invoice", async () => {
    shop.clock.set(START);
    const m = await member(2500);
    const full = await preview();
    expect(full.creditApplied).toBe(0);
    expect(full.total).toBeGreaterThan(2500);
    // The checkout summary: the server takes it off; the client sends no amount.
    expect(await preview(m.cookie)).toMatchObject({ creditApplied: 2500, total: full.total - 2500 });

    const order = await buy({ email: m.email, cookie: m.cookie });
    expect(order).toMatchObject({ creditApplied: 2500, total: full.total - 2500 });
    expect((await paymentOf(order.id)).amount).toBe(full.total - 2500);
    expect(await entryByKey(db(), orderCreditKey(order.id))).toMatchObject({ customerId: m.id, account: "credit:USD", amount: -2500, reason: "order", refId: order.id });
    expect(await creditBalance(db(), m.id, "USD")).toBe(0);
    // The order read back (order history, thank-you page) and its invoice and email.
    const summary = (await orderSummary(db(), order.id))!;
    expect(summary).toMatchObject({ creditApplied: 2500, total: full.total - 2500 });
    expect(invoiceView(summary, LEGAL).totals).toContainEqual({ label: "Account credit (referral rewards and points)", value: "-$25.00" });
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, m.email));
    expect(mail!.text).toContain("Account credit: −$25.00");
    expect(mail!.html).toContain("Account credit");

    // Spent: the next order is charged in full.
    expect(await preview(m.cookie)).toMatchObject({ creditApplied: 0, total: full.total });
    expect(await buy({ email: m.email, cookie: m.cookie, items: { "syn-wk": 1 } })).toMatchObject({ creditApplied: 0 });
  });

  it("leaves guests alone: a guest order with a member's email spends none of the member's credit", async () => {
    const m = await member(2500);
    const guest = await buy({ email: m.email });
    expect(guest.creditApplied).toBe(0);
    expect(await creditBalance(db(), m.id, "USD")).toBe(2500);
    expect(await db().select().from(memberLedger).where(and(eq(memberLedger.customerId, m.id), eq(memberLedger.reason, "order")))).toEqual([]);
  });

  it("applies credit only in the order's currency", async () => {
    const m = await member(2200, "GBP");
    expect((await preview(m.cookie)).creditApplied).toBe(0);
    const usd = await buy({ email: m.email, cookie: m.cookie });
    expect(usd).toMatchObject({ currency: "USD", creditApplied: 0 });
    expect(await creditBalance(db(), m.id, "GBP")).toBe(2200);
    // The same credit does come off an order priced in pounds.
    const gbp = await preview(m.cookie, "GB");
    expect(gbp).toMatchObject({ currency: "GBP", creditApplied: 2200 });
  });

  it("two orders of one member at the same time spend the credit once", async () => {
    const m = await member(2500);
    const [a, b] = await Promise.all([buy({ email: m.email, cookie: m.cookie }), buy({ email: m.email, cookie: m.cookie, items: { "syn-wk": 1 } })]);
    expect([a.creditApplied, b.creditApplied].sort((x, y) => x - y)).toEqual([0, 2500]);
    expect(await creditBalance(db(), m.id, "USD")).toBe(0);
    const entries = await db().select().from(memberLedger).where(and(eq(memberLedger.customerId, m.id), eq(memberLedger.account, "credit:USD")));
    expect(entries.map((e) => e.amount).sort((x, y) => x - y)).toEqual([-2500, 2500]);
  });

  it("many spends racing for one balance take no more than it holds (the database refuses the rest)", async () => {
    const m = await member(2500);
    const now = shop.clock.now();
    const held = await Promise.all([
      ...Array.from({ length: 6 }, () => holdOrderCredit(db(), { orderId: randomUUID(), customerId: m.id, currency: "USD", wanted: 1000, now })),
      holdRenewalCredit(db(), { renewalId: randomUUID(), customerId: m.id, quote: { creditApplied: 1000, total: 0, currency: "USD" }, now }).then((q) => q.creditApplied),
    ]);
    expect(held.reduce((s, h) => s + h, 0)).toBe(2500);
    expect(held.filter((h) => h > 0).sort((x, y) => x - y)).toEqual([500, 1000, 1000]);
    expect(await creditBalance(db(), m.id, "USD")).toBe(0);
    const entries = await db().select().from(memberLedger).where(and(eq(memberLedger.customerId, m.id), eq(memberLedger.account, "credit:USD")));
    expect(entries.map((e) => e.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4]);
    expect(Math.min(...entries.map((e) => e.balanceAfter))).toBe(0);
  });

  it("an order and a renewal of one member at the same time spend the credit once", async () => {
    shop.clock.set(START);
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-03-01T00:00:00Z") });
    const owner = sub!.customerId;
    await grantCredit(db(), { customerId: owner, amount: 2500, currency: "USD", reason: "referral", key: `race:${owner}`, now: shop.clock.now() });
    const cookie = `seed_jwt=${(await startSession(shop, { id: owner, email: sub!.email })).token}`;
    const [renewalId] = await claimDueRenewals(db(), shop.clock.now(), 1, sub!.id);
    const [, order] = await Promise.all([renewSubscription(shop, renewalId!), buy({ email: sub!.email, cookie })]);
    const [renewal] = await db().select().from(renewals).where(eq(renewals.id, renewalId!));
    const renewalCredit = (renewal!.quote as { creditApplied: number }).creditApplied;
    expect([renewalCredit, order.creditApplied].sort((x, y) => x - y)).toEqual([0, 2500]);
    expect(await creditBalance(db(), owner, "USD")).toBe(0);
  });

  it("a refund of the order gives its credit back, once", async () => {
    const m = await member(2500);
    const order = await buy({ email: m.email, cookie: m.cookie });
    expect(order.creditApplied).toBe(2500);
    await refundInFull(order.id);
    expect(await creditBalance(db(), m.id, "USD")).toBe(2500);
    expect(await entryByKey(db(), orderCreditReturnKey(order.id))).toMatchObject({ amount: 2500, reason: "order_refunded" });
    // Told again (a repeated event): nothing more.
    await onOrderRefunded(shop, { id: order.id, customerId: m.id });
    expect(await creditBalance(db(), m.id, "USD")).toBe(2500);
  });

  it("a declined card leaves the credit where it was", async () => {
    const m = await member(2500);
    const res = await purchase({ email: m.email, cookie: m.cookie, card: "4000000000000002" });
    expect(res.status).toBe(402);
    expect(await creditBalance(db(), m.id, "USD")).toBe(2500);
    expect(await buy({ email: m.email, cookie: m.cookie })).toMatchObject({ creditApplied: 2500 });
  });

  it("credit that covers the whole order: nothing is charged, the card is kept for the renewals", async () => {
    const m = await member(100_000);
    const full = await preview();
    const order = await buy({ email: m.email, cookie: m.cookie });
    expect(order).toMatchObject({ total: 0, creditApplied: full.total });
    const payment = await paymentOf(order.id);
    expect(payment.amount).toBe(0);
    expect(payment.gatewayChargeId).toBeNull();
    expect(await creditBalance(db(), m.id, "USD")).toBe(100_000 - full.total);
    const summary = (await orderSummary(db(), order.id))!;
    expect(summary.subscriptions).toHaveLength(1);
    expect(invoiceView(summary, LEGAL).payment).toBe("Paid in full with account credit; nothing was charged to a card");
  });

  it("the nightly job gives back credit spent for an order its process never wrote", async () => {
    shop.clock.set(START);
    const m = await member(1500);
    const ghost = randomUUID();
    expect(await holdOrderCredit(db(), { orderId: ghost, customerId: m.id, currency: "USD", wanted: 5000, now: shop.clock.now() })).toBe(1500);
    expect(await creditBalance(db(), m.id, "USD")).toBe(0);
    // The same order asking again gets the same spend, not a second one.
    expect(await holdOrderCredit(db(), { orderId: ghost, customerId: m.id, currency: "USD", wanted: 5000, now: shop.clock.now() })).toBe(1500);
    await grantCredit(db(), { customerId: m.id, amount: 700, currency: "USD", reason: "referral", key: `more:${m.id}`, now: shop.clock.now() });
    expect(await holdOrderCredit(db(), { orderId: ghost, customerId: m.id, currency: "USD", wanted: 5000, now: shop.clock.now() })).toBe(1500);
    expect(await creditBalance(db(), m.id, "USD")).toBe(700);
    // Not within the day: that order may still be being written.
    await loyaltyUpkeep(shop);
    expect(await creditBalance(db(), m.id, "USD")).toBe(700);
    shop.clock.advance(2 * DAY);
    expect((await loyaltyUpkeep(shop)).released).toBeGreaterThanOrEqual(1);
    expect(await creditBalance(db(), m.id, "USD")).toBe(2200);
    expect(await entryByKey(db(), orderCreditReturnKey(ghost))).toMatchObject({ reason: "order_abandoned" });
  });
});
