import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { auditLog, customerNotes, customers, emailOutbox, orders, paymentRefunds, payments, referrals, subscriptionChanges, subscriptions } from "../../db/schema";
import { appendEntry } from "../../modules/loyalty";
import { cancelSubscriptionRow, reactivateSubscription } from "../../modules/subscriptions";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { seedSubscriptions } from "../../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

const DAY = 86_400_000;

describe(`console customer 360 (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const cookies: Record<string, string> = {};
  const db = () => dbOf(shop);
  /** Maja Lindqvist: the customer care looks for by "lindq". */
  let maja = { id: "", email: "", subscriptionId: "", orderNumber: 0, orderId: "" };
  let friend = { id: "", email: "" };

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    for (const role of ["owner", "support", "finance", "content"] as const) cookies[role] = await signInTestStaff(app, shop, await createTestStaff(shop, role));
    const next = new Date(shop.clock.now().getTime() + 10 * DAY);
    const [a, b, c] = await seedSubscriptions(shop, { count: 3, nextBillingAt: next, planCode: "syn-wk-3mo", productCode: "syn-wk", billingPeriodMonths: 3 });
    await db().update(customers).set({ email: "maja.l100_%x@example.com", firstName: "Maja", lastName: "Lindqvist", phone: "+1 (555) 010-7788" }).where(eq(customers.id, a!.customerId));
    await db().update(customers).set({ email: "olle@example.com", firstName: "Olle", lastName: "Berg" }).where(eq(customers.id, b!.customerId));
    await db().update(customers).set({ email: "maja100x@example.com", firstName: "Other", lastName: "Person" }).where(eq(customers.id, c!.customerId));
    const [order] = await db().select().from(orders).where(eq(orders.customerId, a!.customerId));
    maja = { id: a!.customerId, email: "maja.l100_%x@example.com", subscriptionId: a!.id, orderNumber: order!.number, orderId: order!.id };
    friend = { id: b!.customerId, email: "olle@example.com" };
  });
  afterAll(() => shop.cleanup());

  const api = async (method: string, path: string, body?: unknown, cookie = cookies.support) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const found = async (q: string) => {
    const { status, body } = await api("GET", `/customers?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    return body.rows.map((r: any) => r.email) as string[];
  };

  it("finds a customer by any part of the email, the last name, the phone's digits or an order number", async () => {
    expect(await found("lindq")).toEqual([maja.email]);
    expect(await found("LINDQVIST")).toEqual([maja.email]);
    expect(await found("maja.l")).toEqual([maja.email]);
    expect(await found("5550107")).toEqual([maja.email]);
    expect(await found("010-77")).toEqual([maja.email]);
    expect(await found(`SD-${100000 + maja.orderNumber}`)).toEqual([maja.email]);
    const byNumber = (await api("GET", `/customers?q=${100000 + maja.orderNumber}`)).body;
    expect(byNumber.rows.map((r: any) => r.id)).toEqual([maja.id]);
    expect(byNumber.order).toBe(`SD-${100000 + maja.orderNumber}`);
    expect(byNumber.rows[0].plans).toEqual(["DS-01® Daily Synbiotic (every 3 months)"]);
    expect(await found("nobody-like-this")).toEqual([]);
  });

  it("matches % and _ as themselves, not as wildcards", async () => {
    // "100_%x" is in Maja's email only; as a pattern it would also match "maja100x".
    expect(await found("100_%x")).toEqual([maja.email]);
    expect(await found("l100_")).toEqual([maja.email]);
    expect(await found("%%%")).toEqual([]);
    expect(await found("___")).toEqual([]);
    expect(await found("a\\b")).toEqual([]);
  });

  it("says so for a query under 3 characters, pages by keyset, and refuses over-long input with a 400", async () => {
    const short = (await api("GET", "/customers?q=ma")).body;
    expect(short.rows).toEqual([]);
    expect(short.notice).toMatch(/at least 3 characters/);
    const first = (await api("GET", "/customers?q=example.com&limit=1")).body;
    expect(first.rows).toHaveLength(1);
    const second = (await api("GET", `/customers?q=example.com&limit=1&before=${encodeURIComponent(first.next)}`)).body;
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0].id).not.toBe(first.rows[0].id);
    const tooLong = await api("GET", `/customers?q=${"a".repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe("VALIDATION_ERROR");
  });

  it("shows a reactivated subscription as active, with its cancellation and reactivation as history, and its pending plan", async () => {
    const now = shop.clock.now();
    await db().transaction((tx) => cancelSubscriptionRow(tx, maja.id, maja.subscriptionId, { cancellationReasonText: "too many capsules" }, "account", now));
    shop.clock.advance(60_000);
    await reactivateSubscription(shop, maja.id, maja.subscriptionId);
    // What the portal's change of plan writes (server/modules/subscriptions/actions.ts): the renewal plan and a change line.
    await db().update(subscriptions).set({ renewalPlanCode: "syn-rf-3mo" }).where(eq(subscriptions.id, maja.subscriptionId));
    await db().insert(subscriptionChanges).values({ subscriptionId: maja.subscriptionId, action: "change_plan", detail: "syn-wk-3mo x 1 -> syn-rf-3mo x 1", changedAt: shop.clock.now() });
    const { status, body } = await api("GET", `/customers/${maja.id}`);
    expect(status).toBe(200);
    const sub = body.subscriptions.find((s: any) => s.id === maja.subscriptionId);
    expect(sub).toMatchObject({ state: "active", stateLabel: "Active (reactivated)", planName: "DS-01® Refill (every 3 months)", firstPlanName: "DS-01® Daily Synbiotic (every 3 months)" });
    expect(sub.nextBillingAt).not.toBeNull();
    expect(sub.pending).toEqual([expect.stringMatching(/^Plan changed \d{4}-\d{2}-\d{2}: the next charge buys DS-01® Refill \(every 3 months\) × 1$/)]);
    const history = sub.history.map((h: any) => h.what);
    expect(history[0]).toBe("Started");
    expect(history).toContain("Cancelled (account): too many capsules");
    expect(history.filter((w: string) => w === "Reactivated")).toHaveLength(1);
  });

  it("shows addresses, lifetime value net of refunds, the first order, points and credit, referrals both ways and emails with secrets hidden", async () => {
    const now = shop.clock.now();
    await db().update(orders).set({ total: 5000 }).where(eq(orders.id, maja.orderId));
    const paymentId = randomUUID();
    await db().insert(payments).values({ id: paymentId, orderId: maja.orderId, customerId: maja.id, gateway: "sandbox", amount: 5000, currency: "USD", status: "captured", brand: "visa", last4: "4242", refundedAmount: 1200, createdAt: now, updatedAt: now });
    const refund = { paymentId, orderId: maja.orderId, currency: "USD", reason: "damaged", staffEmail: "x@seed.test", createdAt: now, updatedAt: now };
    await db().insert(paymentRefunds).values([
      { ...refund, idempotencyKey: randomUUID(), amount: 1200, status: "succeeded" },
      { ...refund, idempotencyKey: randomUUID(), amount: 300, status: "failed" },
    ]);
    await appendEntry(db(), { customerId: maja.id, account: "points", amount: 50, reason: "order_points", key: `t:${randomUUID()}`, now });
    await appendEntry(db(), { customerId: maja.id, account: "credit:USD", amount: 2500, reason: "referral_reward", key: `t:${randomUUID()}`, now });
    const [friendOrder] = await db().select().from(orders).where(eq(orders.customerId, friend.id));
    await db().insert(referrals).values({ referrerId: maja.id, friendId: friend.id, orderId: friendOrder!.id, code: "MAJA25", status: "earned", flags: [], paidAt: now, rewardDueAt: now, rewardAmount: 2500, rewardCurrency: "USD", createdAt: now });
    const mail = { to: maja.email, text: "t", html: "h", status: "sent", createdAt: now };
    await db().insert(emailOutbox).values([
      { ...mail, subject: "Your sign-in code is 482913", template: "sign-in-code", idempotencyKey: randomUUID() },
      { ...mail, subject: "Your order SD-100001", template: "order-confirmation", idempotencyKey: randomUUID() },
    ]);

    const body = (await api("GET", `/customers/${maja.id}`)).body;
    expect(body.addresses[0]).toMatchObject({ label: "Subscription ships to", lines: ["Ada Lovelace", "1 Main St", "Austin TX 78701", "US"] });
    expect(body.addresses).toHaveLength(1);
    expect(body.value.lifetime).toEqual([{ currency: "USD", orders: 1, paid: 5000, refunded: 1200, net: 3800 }]);
    expect(body.value.firstOrderAt).toBe(body.orders[0].createdAt);
    expect(body.orders[0]).toMatchObject({ total: 5000, refunded: 1200 });
    expect(body.balances).toEqual(expect.arrayContaining([{ account: "points", balance: 50 }, { account: "credit:USD", balance: 2500 }]));
    expect(body.ledger.map((l: any) => l.reason)).toEqual(expect.arrayContaining(["order_points", "referral_reward"]));
    expect(body.referred).toEqual([expect.objectContaining({ customerId: friend.id, email: friend.email, status: "earned", rewardAmount: 2500 })]);
    expect(body.referredBy).toBeNull();
    const friendPage = (await api("GET", `/customers/${friend.id}`)).body;
    expect(friendPage.referredBy).toMatchObject({ customerId: maja.id, email: maja.email, code: "MAJA25" });
    const subjects = body.emails.map((m: any) => m.subject);
    expect(subjects).toContain("Your order SD-100001");
    expect(JSON.stringify(body.emails)).not.toContain("482913");
  });

  it("adds a staff note, audited with who wrote it; the page shows it; bad input is a 400 and an unknown customer a 404", async () => {
    const added = await api("POST", `/customers/${maja.id}/notes`, { body: "  Called about a late parcel; promised a reship.  " });
    expect(added.status).toBe(200);
    const [note] = await db().select().from(customerNotes).where(eq(customerNotes.id, added.body.id));
    expect(note).toMatchObject({ customerId: maja.id, body: "Called about a late parcel; promised a reship." });
    expect(note!.staffEmail).toMatch(/^support-/);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, "customers.note"), eq(auditLog.targetId, maja.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "customer", staffEmail: note!.staffEmail, after: { noteId: note!.id, body: note!.body } });
    const page = (await api("GET", `/customers/${maja.id}`)).body;
    expect(page.notes[0]).toMatchObject({ id: note!.id, body: note!.body });

    for (const bad of [{ body: "   " }, { body: "x".repeat(4001) }, {}, { body: 42 }]) {
      const res = await api("POST", `/customers/${maja.id}/notes`, bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await api("POST", `/customers/${randomUUID()}/notes`, { body: "hello" })).status).toBe(404);
    expect((await api("POST", "/customers/not-a-uuid/notes", { body: "hello" })).status).toBe(400);
    expect(await db().select().from(customerNotes).where(eq(customerNotes.customerId, maja.id))).toHaveLength(1);
  });

  it("lets owner, support and finance search and write notes, and refuses content and signed-out callers", async () => {
    for (const role of ["owner", "finance"] as const) {
      expect((await api("GET", "/customers?q=lindq", undefined, cookies[role])).status).toBe(200);
      expect((await api("POST", `/customers/${maja.id}/notes`, { body: `from ${role}` }, cookies[role])).status).toBe(200);
    }
    expect((await api("GET", "/customers?q=lindq", undefined, cookies.content)).status).toBe(403);
    expect((await api("POST", `/customers/${maja.id}/notes`, { body: "no" }, cookies.content)).status).toBe(403);
    expect((await api("POST", `/customers/${maja.id}/notes`, { body: "no" }, "")).status).toBe(401);
    expect((await api("GET", "/customers?q=lindq", undefined, "")).status).toBe(401);
    expect(await db().select().from(customerNotes).where(eq(customerNotes.body, "no"))).toHaveLength(0);
  });

  it("lists subscriptions with plan names, narrowed by plan and next charge date; a bad date or plan is a 400", async () => {
    const all = (await api("GET", "/subscriptions?limit=200")).body.rows;
    const olle = all.find((r: any) => r.customerId === friend.id);
    expect(olle).toMatchObject({ planCode: "syn-wk-3mo", renewalPlanCode: "syn-wk-3mo", planName: "DS-01® Daily Synbiotic (every 3 months)" });
    const byPlan = (await api("GET", "/subscriptions?plan=syn-rf-3mo&limit=200")).body.rows;
    expect(byPlan.map((r: any) => r.id)).toEqual([maja.subscriptionId]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const next = new Date(olle.nextBillingAt).getTime();
    const inRange = (await api("GET", `/subscriptions?nextFrom=${day(next)}&nextTo=${day(next)}&limit=200`)).body.rows;
    expect(inRange.map((r: any) => r.id)).toContain(olle.id);
    const before = (await api("GET", `/subscriptions?nextTo=${day(next - DAY)}&limit=200`)).body.rows;
    expect(before.map((r: any) => r.id)).not.toContain(olle.id);
    for (const bad of ["nextFrom=2026-13-45x", "nextFrom=tomorrow", "plan=no-such-plan", "nextFrom=2026-12-10&nextTo=2026-12-01"]) {
      const res = await api("GET", `/subscriptions?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
  });
});
