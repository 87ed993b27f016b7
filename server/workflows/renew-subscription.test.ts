import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, ledgerEntries, orders, renewalAttempts, renewals, sandboxCharges, subscriptions } from "../db/schema";
import { grantRetentionOffer, agreePrice } from "../modules/renewals";
import { grantCredit } from "../modules/loyalty";
import { dbOf } from "../shop";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { chargeMissedRenewalNow, drainDueRenewals, renewSubscription } from "./renew-subscription";
import { claimDueRenewals, extendRenewalLeases, RENEWAL_LEASE_MS, RENEWAL_LEASE_RENEW_MS } from "../modules/renewals";

const DAY = 86_400_000;

describe(`renewal engine (${testDriver()})`, () => {
  let shop: TestShop;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: "2027-01-10T12:00:00Z" });
  });
  afterAll(() => shop.cleanup());

  const subOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const renewalsOf = (id: string) => db().select().from(renewals).where(eq(renewals.subscriptionId, id));

  it("charges a due subscription once, writes its order and ledger row, and moves the date a period on", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-10T09:00:00Z") });
    const report = await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(report.outcomes.paid).toBeGreaterThanOrEqual(1);
    const [renewal] = await renewalsOf(sub!.id);
    expect(renewal).toMatchObject({ status: "paid", period: "2027-01-10", amount: 4999, attempts: 1 });
    const [order] = await db().select().from(orders).where(eq(orders.id, renewal!.orderId!));
    expect(order).toMatchObject({ total: 4999, currency: "USD", idempotencyKey: `renewal:${sub!.id}:2027-01-10` });
    expect((await subOf(sub!.id)).nextBillingAt.toISOString()).toBe("2027-02-10T09:00:00.000Z");
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.subscriptionId, sub!.id));
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([["charge", 4999]]);
    // A second sweep, and a second call for the same renewal, change nothing.
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
    expect(await renewSubscription(shop, renewal!.id)).toBe("skipped");
    expect(await renewalsOf(sub!.id)).toHaveLength(1);
    const charges = await db().select({ n: count() }).from(sandboxCharges).where(eq(sandboxCharges.token, sub!.token));
    expect(charges[0]!.n).toBe(1);
  });

  it("the unique (subscription, period) refuses a second renewal row however it is attempted", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-09T00:00:00Z") });
    const claims = await Promise.all([claimDueRenewals(db(), shop.clock.now(), 100, sub!.id), claimDueRenewals(db(), shop.clock.now(), 100, sub!.id)]);
    expect(claims.flat()).toHaveLength(1);
    await expect(
      db().insert(renewals).values({ subscriptionId: sub!.id, customerId: sub!.customerId, period: "2027-01-09", dueAt: new Date("2027-01-09T00:00:00Z"), status: "pending", quote: {}, amount: 0, currency: "USD", createdAt: shop.clock.now(), updatedAt: shop.clock.now() }),
    ).rejects.toThrow();
    await renewSubscription(shop, claims.flat()[0]!);
  });

  it("two workers racing on the same renewal charge once and write one order", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-08T00:00:00Z") });
    const [id] = await claimDueRenewals(db(), shop.clock.now(), 1, sub!.id);
    const outcomes = await Promise.all([renewSubscription(shop, id!), renewSubscription(shop, id!), renewSubscription(shop, id!)]);
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect((await db().select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, `renewal:${sub!.id}:2027-01-08`)))[0]!.n).toBe(1);
    expect((await db().select({ n: count() }).from(sandboxCharges).where(eq(sandboxCharges.token, sub!.token)))[0]!.n).toBe(1);
    expect((await db().select({ n: count() }).from(renewalAttempts).where(eq(renewalAttempts.renewalId, id!)))[0]!.n).toBe(1);
  });

  it("a worker that died after charging is taken over after its lease: same charge, one order", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-07T00:00:00Z") });
    const [id] = await claimDueRenewals(db(), shop.clock.now(), 1, sub!.id);
    // The first worker charged (the gateway holds the charge) and died before writing anything.
    const { sandboxGateway } = await import("../integrations/payments/sandbox");
    await sandboxGateway(shop).chargeSaved({ token: sub!.token, amount: 4999, currency: "USD", idempotencyKey: `renewal:${sub!.id}:2027-01-07:1` });
    expect(await claimDueRenewals(db(), shop.clock.now(), 10, sub!.id)).toEqual([]); // still leased
    shop.clock.advance(3 * 60_000);
    expect(await claimDueRenewals(db(), shop.clock.now(), 10, sub!.id)).toEqual([id]);
    expect(await renewSubscription(shop, id!)).toBe("paid");
    expect((await db().select({ n: count() }).from(sandboxCharges).where(eq(sandboxCharges.token, sub!.token)))[0]!.n).toBe(1);
  });

  it("a dead worker's renewal is taken over half a minute after its last renewal of the lease; a living worker's is kept", async () => {
    const [dead, alive] = await seedSubscriptions(shop, { count: 2, nextBillingAt: new Date("2027-01-09T00:00:00Z") });
    const [deadId] = await claimDueRenewals(db(), shop.clock.now(), 1, dead!.id);
    const [aliveId] = await claimDueRenewals(db(), shop.clock.now(), 1, alive!.id);
    const start = shop.clock.now();
    try {
      // The living worker renews its lease every RENEWAL_LEASE_RENEW_MS; the dead one stopped.
      for (let t = 0; t < RENEWAL_LEASE_MS + RENEWAL_LEASE_RENEW_MS; t += RENEWAL_LEASE_RENEW_MS) {
        shop.clock.advance(RENEWAL_LEASE_RENEW_MS);
        await extendRenewalLeases(db(), [aliveId!], shop.clock.now());
      }
      expect(RENEWAL_LEASE_MS).toBeLessThanOrEqual(30_000);
      expect(await claimDueRenewals(db(), shop.clock.now(), 10, dead!.id)).toEqual([deadId]);
      expect(await claimDueRenewals(db(), shop.clock.now(), 10, alive!.id)).toEqual([]);
    } finally {
      shop.clock.set(start);
    }
  });

  it("prices from the subscription's list and currency: forever coupon, retention once, credit once, international shipping", async () => {
    await db().insert(coupons).values({ code: "FOREVER10", type: "percent", value: "10", currency: null, plans: "all", duration: "forever", active: true, firstOrderOnly: false, createdAt: shop.clock.now() } as any).onConflictDoNothing();
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-06T00:00:00Z"), country: "GB", currency: "GBP", priceList: "international", couponCode: "FOREVER10" });
    await grantRetentionOffer(db(), sub!.id, shop.clock.now());
    await grantCredit(db(), { customerId: sub!.customerId, amount: 500, currency: "GBP", reason: "referral", key: `test-grant:${sub!.id}`, now: shop.clock.now() });
    await chargeMissedRenewalNow(shop, sub!.id);
    const [first] = await renewalsOf(sub!.id);
    const q = first!.quote as any;
    expect(q.currency).toBe("GBP");
    expect(q.discounts.map((d: any) => d.kind)).toEqual(["coupon", "retention"]);
    expect(q.shipping.amount).toBe(1000);
    expect(q.creditApplied).toBe(500);
    expect(first!.amount).toBe(q.line.total + 1000 - 500);
    // The next period: the coupon again, no retention, no credit left.
    shop.clock.set("2027-02-06T01:00:00Z");
    await chargeMissedRenewalNow(shop, sub!.id);
    const second = (await renewalsOf(sub!.id)).find((r) => r.period === "2027-02-06")!;
    expect((second.quote as any).discounts.map((d: any) => d.kind)).toEqual(["coupon"]);
    expect((second.quote as any).creditApplied).toBe(0);
    shop.clock.set("2027-01-10T12:00:00Z");
  });

  it("a new price reaches a subscriber only after a notice 7 days before the charge", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-05T00:00:00Z") });
    await agreePrice(db(), sub!.id, 4499, "USD", shop.clock.now());
    await chargeMissedRenewalNow(shop, sub!.id);
    expect((await renewalsOf(sub!.id))[0]!.amount).toBe(4499);
  });

  it("the operator command never charges a period twice and refuses what is not due", async () => {
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-01-04T00:00:00Z") });
    expect(await chargeMissedRenewalNow(shop, sub!.id)).toEqual({ period: "2027-01-04", outcome: "paid" });
    await expect(chargeMissedRenewalNow(shop, sub!.id)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await renewalsOf(sub!.id)).toHaveLength(1);
    expect((await subOf(sub!.id)).nextBillingAt.getTime()).toBe(new Date("2027-02-04T00:00:00Z").getTime());
    void DAY;
  });
});
