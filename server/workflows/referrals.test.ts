import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/orders";
import { createApp } from "../app";
import { emailOutbox, memberLedger, orders, referrals, renewals, subscriptions } from "../db/schema";
import { balanceOf, creditBalance, entriesOf, grantCredit, pointsBalance, redeemPoints } from "../modules/loyalty";
import { codeOf, rememberDevice } from "../modules/referrals";
import { claimDueRenewals } from "../modules/renewals";
import { dbOf } from "../shop";
import { confirmedRefund } from "../testing/console-refunds";
import { createTestStaff, signInTestStaff } from "../testing/console-staff";
import { seedSubscriptions } from "../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { loyaltyUpkeep } from "./loyalty-upkeep";
import { chargeMissedRenewalNow, renewSubscription } from "./renew-subscription";
import { decideReferral, settleReferrals } from "./reward-referrals";

const DAY = 86_400_000;
const START = "2027-03-01T12:00:00Z";

describe(`referrals and loyalty (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const db = () => dbOf(shop);
  beforeAll(async () => {
    shop = await openTestShop({ now: START });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  let street = 0;
  /** An order through /api/purchase as a shopper would: its own street and card unless told, cookies as given. */
  /** A refund in full, as an operator makes it in the console (the one refund path, ADR 0038). */
  async function refundOrder(_: TestShop, orderId: string) {
    const owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    const [o] = await dbOf(shop).select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const res = await app.request(`/api/console/orders/${orderNumber(o!.number)}/refunds`, {
      method: "POST",
      headers: { Cookie: owner, "Content-Type": "application/json" },
      body: JSON.stringify(await confirmedRefund(app, owner, orderNumber(o!.number), { full: true, reason: "Friend changed their mind", idempotencyKey: randomUUID() })),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  async function buy(email: string, o: { cookie?: string; card?: string; address1?: string; items?: Record<string, number>; coupon?: string } = {}) {
    const tokenRes = await app.request("/api/payments/sandbox/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: o.card ?? "5555555555554444", expMonth: 11, expYear: 2031, cvc: "123" }),
    });
    const { token } = (await tokenRes.json()) as { token: string };
    const res = await app.request("/api/purchase", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...(o.cookie ? { Cookie: o.cookie } : {}) },
      body: JSON.stringify({
        email,
        shippingAddress: { firstName: "Bea", lastName: "Friend", address1: o.address1 ?? `${++street} Elm Street`, city: "Austin", region: "TX", postalCode: "78701", country: "US" },
        items: o.items ?? { "syn-wk-3mo": 1 },
        couponCodes: o.coupon ? [o.coupon] : [],
        payment: { token },
        healthCertification: true,
        renewalConsent: true,
      }),
    });
    const body = (await res.json()) as any;
    if (res.status !== 201) throw new Error(`order failed: ${res.status} ${JSON.stringify(body)}`);
    const [row] = await db().select().from(orders).where(eq(orders.id, body.order.id));
    return { ...body.order, customerId: row!.customerId } as { id: string; total: number; discountTotal: number; customerId: string };
  }
  const referralOf = async (orderId: string) => (await db().select().from(referrals).where(eq(referrals.orderId, orderId)))[0];
  /** A referrer with a first order (card 4242, their own street), and their code. */
  async function referrer(email: string) {
    const first = await buy(email, { card: "4242424242424242", address1: `${++street} Referrer Road` });
    return { ...first, code: await codeOf(db(), first.customerId, shop.clock.now()) };
  }

  it("attributes a friend's first order to the link, gives the friend 15% off, and rewards $25 only after the 30-day refund window", async () => {
    shop.clock.set(START);
    const a = await referrer("ann@example.com");
    const b = await buy("bea@example.com", { cookie: `seed_ref=${a.code}; seed_device=friend-device-0001`, coupon: "FRIEND15" });
    expect(b.discountTotal).toBeGreaterThan(0);
    expect(await referralOf(b.id)).toMatchObject({ referrerId: a.customerId, friendId: b.customerId, status: "pending", flags: [] });
    shop.clock.advance(29 * DAY);
    expect((await settleReferrals(shop)).earned).toBe(0);
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(0);
    shop.clock.advance(2 * DAY);
    expect((await settleReferrals(shop)).earned).toBe(1);
    expect(await referralOf(b.id)).toMatchObject({ status: "earned", rewardAmount: 2500, rewardCurrency: "USD" });
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(2500);
    // Once: a second run pays nothing more.
    await settleReferrals(shop);
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(2500);

    // A's next renewal is $25 cheaper, and its order (the invoice) carries the credit.
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.customerId, a.customerId));
    shop.clock.set(new Date(sub!.nextBillingAt.getTime() + 60_000));
    const { outcome } = await chargeMissedRenewalNow(shop, sub!.id);
    expect(outcome).toBe("paid");
    const [renewal] = await db().select().from(renewals).where(eq(renewals.subscriptionId, sub!.id));
    expect((renewal!.quote as any).creditApplied).toBe(2500);
    const [order] = await db().select().from(orders).where(eq(orders.id, renewal!.orderId!));
    expect(order!.total).toBe((renewal!.quote as any).total);
    expect(JSON.stringify(order)).toContain("CREDIT");
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(0);
  });

  it("a refund inside the window voids the referral; a refund after the reward reverses it (balance is the sum of entries)", async () => {
    shop.clock.set(START);
    const a = await referrer("rita@example.com");
    const early = await buy("early@example.com", { cookie: `seed_ref=${a.code}` });
    const late = await buy("late@example.com", { cookie: `seed_ref=${a.code}` });
    await refundOrder(shop, early.id);
    shop.clock.advance(31 * DAY);
    await settleReferrals(shop);
    expect((await referralOf(early.id))!.status).toBe("void");
    expect((await referralOf(late.id))!.status).toBe("earned");
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(2500);
    await refundOrder(shop, late.id);
    expect((await referralOf(late.id))!.status).toBe("reversed");
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(0);
    const entries = await entriesOf(db(), a.customerId);
    expect(entries.filter((e) => e.account === "credit:USD").map((e) => e.reason).sort()).toEqual(["referral", "referral_reversed"]);
  });

  it("self-referral: the same mailbox is refused; a shared address, card or device goes to the review queue", async () => {
    shop.clock.set(START);
    const a = await referrer("sam.smith@gmail.com");
    const byEmail = await buy("samsmith+2@gmail.com", { cookie: `seed_ref=${a.code}` });
    expect(await referralOf(byEmail.id)).toMatchObject({ status: "rejected", flags: ["email"] });
    const [aOrder] = await db().select().from(orders).where(eq(orders.customerId, a.customerId));
    const aStreet = (aOrder!.shippingAddress as any).address1 as string;
    const byAddress = await buy("other1@example.com", { cookie: `seed_ref=${a.code}`, address1: aStreet.toUpperCase().replace("Road", "rd.") });
    expect(await referralOf(byAddress.id)).toMatchObject({ status: "review", flags: ["address"] });
    const byCard = await buy("other2@example.com", { cookie: `seed_ref=${a.code}`, card: "4242424242424242" });
    expect((await referralOf(byCard.id))!.flags).toEqual(["card"]);
    await rememberDevice(db(), a.customerId, "ann-laptop-device-01", shop.clock.now());
    const byDevice = await buy("other3@example.com", { cookie: `seed_ref=${a.code}; seed_device=ann-laptop-device-01` });
    expect(await referralOf(byDevice.id)).toMatchObject({ status: "review", flags: ["device"] });
    // Reviewed: nothing is paid by the job; the operator decides.
    shop.clock.advance(31 * DAY);
    await settleReferrals(shop);
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(0);
    await decideReferral(shop, db(), (await referralOf(byDevice.id))!.id, "reject", "ops@example.com");
    expect((await referralOf(byDevice.id))!.status).toBe("rejected");
    const { after: approved } = await decideReferral(shop, db(), (await referralOf(byCard.id))!.id, "approve", "ops@example.com");
    expect(approved).toMatchObject({ status: "earned", decidedBy: "ops@example.com" });
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(2500);
    await expect(decideReferral(shop, db(), approved.id, "approve", "ops@example.com")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    // A second order of a referred friend is not a referral; an unknown code attributes nothing.
    const again = await buy("other3@example.com", { cookie: `seed_ref=${a.code}` });
    expect(await referralOf(again.id)).toBeUndefined();
    const unknown = await buy("nobody-knows@example.com", { cookie: "seed_ref=ZZZZZZZZ" });
    expect(await referralOf(unknown.id)).toBeUndefined();
  });

  it("caps rewards at 5 a month: the sixth waits in the review queue", async () => {
    shop.clock.set(START);
    const a = await referrer("popular@example.com");
    const friends = [];
    for (let i = 0; i < 6; i++) friends.push(await buy(`pal${i}@example.com`, { cookie: `seed_ref=${a.code}` }));
    shop.clock.advance(31 * DAY);
    const report = await settleReferrals(shop);
    expect(report).toMatchObject({ earned: 5, capped: 1 });
    const capped = (await Promise.all(friends.map((f) => referralOf(f.id)))).filter((r) => r!.status === "review");
    expect(capped[0]!.flags).toEqual(["monthly_cap"]);
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(5 * 2500);
  });

  it("credit is consumed exactly once when two renewals of one member run at the same time", async () => {
    shop.clock.set(START);
    const subs = await seedSubscriptions(shop, { count: 2, nextBillingAt: new Date("2027-03-01T00:00:00Z") });
    const owner = subs[0]!.customerId;
    await db().update(subscriptions).set({ customerId: owner }).where(eq(subscriptions.id, subs[1]!.id));
    await grantCredit(db(), { customerId: owner, amount: 2500, currency: "USD", reason: "referral", key: `race:${owner}`, now: shop.clock.now() });
    const both = [...(await claimDueRenewals(db(), shop.clock.now(), 1, subs[0]!.id)), ...(await claimDueRenewals(db(), shop.clock.now(), 1, subs[1]!.id))];
    expect(both).toHaveLength(2);
    // Subscription 2's renewal still names its seeded customer; move it to the owner like the subscription.
    await db().update(renewals).set({ customerId: owner }).where(eq(renewals.subscriptionId, subs[1]!.id));
    await Promise.all(both.map((id) => renewSubscription(shop, id)));
    const done = await db().select().from(renewals).where(sql`${renewals.subscriptionId} in (${sql.join([sql`${subs[0]!.id}`, sql`${subs[1]!.id}`], sql`, `)})`);
    const applied = done.map((r) => (r.quote as any).creditApplied).sort();
    expect(applied).toEqual([0, 2500]);
    expect(await creditBalance(db(), owner, "USD")).toBe(0);
    const entries = await db().select().from(memberLedger).where(and(eq(memberLedger.customerId, owner), eq(memberLedger.account, "credit:USD")));
    expect(entries.map((e) => e.seq).sort()).toEqual([1, 2]);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    // The database itself refuses a second spend from the same balance, and an edit of an entry.
    await expect(
      db().execute(sql`INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, created_at) VALUES (${owner}, 'credit:USD', 2, -2500, 0, 'renewal', ${"forged:" + owner}, ${shop.clock.now()})`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`INSERT INTO member_ledger (customer_id, account, seq, amount, balance_after, reason, key, created_at) VALUES (${owner}, 'credit:USD', 3, -2500, -2500, 'renewal', ${"forged2:" + owner}, ${shop.clock.now()})`),
    ).rejects.toThrow();
    await expect(db().execute(sql`UPDATE member_ledger SET amount = 1 WHERE customer_id = ${owner}`)).rejects.toThrow();
  });

  it("points: earned on orders and renewals, redeemed as credit once, expired 90 days after cancellation unless reactivated, with an email first", async () => {
    shop.clock.set(START);
    const p = await buy("points@example.com");
    expect(await pointsBalance(db(), p.customerId)).toBe(Math.floor(p.total / 100));
    const key = randomUUID();
    expect(await redeemPoints(db(), { customerId: p.customerId, points: 130, currency: "USD", key, now: shop.clock.now() })).toEqual({ points: 100, credit: 500 });
    await redeemPoints(db(), { customerId: p.customerId, points: 130, currency: "USD", key, now: shop.clock.now() });
    expect(await creditBalance(db(), p.customerId, "USD")).toBe(500);
    await expect(redeemPoints(db(), { customerId: p.customerId, points: 10_000, currency: "USD", key: randomUUID(), now: shop.clock.now() })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const before = await pointsBalance(db(), p.customerId);
    expect(before).toBe(Math.floor(p.total / 100) - 100);

    // Cancel, then run the nightly job at 82, 84 and 91 days.
    const canceledAt = shop.clock.now();
    await db().update(subscriptions).set({ status: "canceled", canceledAt }).where(eq(subscriptions.customerId, p.customerId));
    shop.clock.set(new Date(canceledAt.getTime() + 82 * DAY));
    await loyaltyUpkeep(shop);
    const mails = () => db().select().from(emailOutbox).where(and(eq(emailOutbox.to, "points@example.com"), eq(emailOutbox.template, "points-expiring")));
    expect(await mails()).toHaveLength(0);
    shop.clock.set(new Date(canceledAt.getTime() + 84 * DAY));
    await loyaltyUpkeep(shop);
    await loyaltyUpkeep(shop);
    expect(await mails()).toHaveLength(1);
    expect(await pointsBalance(db(), p.customerId)).toBe(before);
    shop.clock.set(new Date(canceledAt.getTime() + 91 * DAY));
    await loyaltyUpkeep(shop);
    expect(await pointsBalance(db(), p.customerId)).toBe(0);

    // Reactivated within 90 days: nothing expires.
    shop.clock.set(START);
    const q = await buy("keeper@example.com");
    await db().update(subscriptions).set({ status: "canceled", canceledAt: shop.clock.now() }).where(eq(subscriptions.customerId, q.customerId));
    shop.clock.advance(40 * DAY);
    await db().update(subscriptions).set({ status: "active", canceledAt: null }).where(eq(subscriptions.customerId, q.customerId));
    shop.clock.advance(60 * DAY);
    await loyaltyUpkeep(shop);
    expect(await pointsBalance(db(), q.customerId)).toBe(Math.floor(q.total / 100));
    expect(await balanceOf(db(), q.customerId, "points")).toBe(Math.floor(q.total / 100));
  });

  it("credit held by a renewal that ends canceled is given back by the nightly job", async () => {
    shop.clock.set(START);
    const [sub] = await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date("2027-03-01T00:00:00Z"), card: "card_declined" as any });
    await grantCredit(db(), { customerId: sub!.customerId, amount: 1000, currency: "USD", reason: "referral", key: `hold:${sub!.id}`, now: shop.clock.now() });
    const [id] = await claimDueRenewals(db(), shop.clock.now(), 1, sub!.id);
    await renewSubscription(shop, id!);
    expect(await creditBalance(db(), sub!.customerId, "USD")).toBe(0);
    await db().update(renewals).set({ status: "canceled" }).where(eq(renewals.id, id!));
    expect((await loyaltyUpkeep(shop)).released).toBeGreaterThanOrEqual(1);
    expect(await creditBalance(db(), sub!.customerId, "USD")).toBe(1000);
  });

  it("the console's review queue lists held referrals; support approves with an audit entry, content may not see it", async () => {
    shop.clock.set(START);
    const a = await referrer("queue-owner@example.com");
    const held = await buy("queue-friend@example.com", { cookie: `seed_ref=${a.code}`, card: "4242424242424242" });
    const support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    const content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    const call = async (cookie: string, method: string, path: string, body?: unknown) => {
      const res = await app.request(`/api/console${path}`, { method, headers: { Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await call(content, "GET", "/referrals/review")).status).toBe(403);
    const queue = await call(support, "GET", "/referrals/review");
    const row = queue.body.find((r: any) => r.orderId === held.id);
    expect(row.flags).toEqual(["card"]);
    expect((await call(support, "POST", `/referrals/${row.id}/decision`, { decision: "maybe" })).status).toBe(400);
    expect((await call(support, "POST", `/referrals/not-a-uuid/decision`, { decision: "approve" })).status).toBe(400);
    // Too early: the friend's refund window is open.
    expect((await call(support, "POST", `/referrals/${row.id}/decision`, { decision: "approve" })).body.code).toBe("VALIDATION_ERROR");
    shop.clock.advance(31 * DAY);
    const again = await signInTestStaff(app, shop, await createTestStaff(shop, "support")); // a month later: a new session
    const done = await call(again, "POST", `/referrals/${row.id}/decision`, { decision: "approve" });
    expect(done).toMatchObject({ status: 200, body: { status: "earned", rewardAmount: 2500 } });
    expect(await creditBalance(db(), a.customerId, "USD")).toBe(2500);
    const audit = await db().execute(sql`SELECT action FROM audit_log WHERE target_id = ${row.id}`);
    expect(((audit as any).rows ?? audit).map((r: any) => r.action)).toEqual(["referrals.review"]);
  });
});
