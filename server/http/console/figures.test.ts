import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { coupons, customers, orders, paymentRefunds, payments, renewals, subscriptionPrices, subscriptions } from "../../db/schema";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

/**
 * The figures against a fixture small enough to compute by hand (issue 36, ADR 0074). The shop's clock stands at
 * 2026-11-22 12:00 UTC, so the default range is 2026-10-24 to 2026-11-22, both days included. Every expected number
 * below is worked out in the comments from the rows this file inserts, not from the code under test.
 */
describe(`console figures against a hand-computed fixture (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  const cookie = {} as Record<"owner" | "finance" | "support" | "content", string>;

  const t = (iso: string) => new Date(iso);
  const address = { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    app = createApp(shop);
    const db = dbOf(shop);
    const customerIds: Record<string, string> = {};
    for (const name of ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]) {
      customerIds[name] = randomUUID();
      await db.insert(customers).values({ id: customerIds[name], email: `figures-${name.toLowerCase()}@example.com`, firstName: name, createdAt: t("2026-08-01T00:00:00Z") });
    }
    const order = async (who: string, at: string, total: number, o: { key?: string; status?: string; currency?: string } = {}) => {
      const id = randomUUID();
      await db.insert(orders).values({
        id, customerId: customerIds[who]!, email: `figures-${who.toLowerCase()}@example.com`, status: o.status ?? "paid", currency: o.currency ?? "USD", country: "US",
        subtotal: total, discountTotal: 0, discounts: [], shippingMethod: "free_shipping", shippingLabel: "Free", shippingAmount: 0, total,
        shippingAddress: address, idempotencyKey: o.key ?? randomUUID(), createdAt: t(at),
      });
      return id;
    };
    type Sub = { who: string; created: string; plan: string; renewsAs?: string; months: number; quantity?: number; status: string; canceled?: string; activated?: string; agreed?: number; coupon?: string };
    const subscription = async (s: Sub) => {
      const id = randomUUID();
      await db.insert(subscriptions).values({
        id, customerId: customerIds[s.who]!, orderId: await order(s.who, s.created, 1), productCode: s.plan, planCode: s.plan, renewalPlanCode: s.renewsAs ?? s.plan,
        quantity: s.quantity ?? 1, billingPeriodMonths: s.months, currency: "USD", priceList: "domestic", country: "US", status: s.status, couponCode: s.coupon ?? null,
        shippingAddress: address, activatedAt: t(s.activated ?? s.created), canceledAt: s.canceled ? t(s.canceled) : null, nextBillingAt: t("2026-12-01T00:00:00Z"), createdAt: t(s.created),
      });
      if (s.agreed !== undefined) await db.insert(subscriptionPrices).values({ subscriptionId: id, unitPrice: s.agreed, currency: "USD", agreedAt: t(s.created) });
      return id;
    };
    await db.insert(coupons).values([
      { code: "KEEP10", type: "percent", value: 10, duration: "forever", createdAt: t("2026-01-01T00:00:00Z") },
      { code: "ONCE5", type: "fixed", value: 500, currency: "USD", duration: "once", createdAt: t("2026-01-01T00:00:00Z") },
    ]);

    // Subscriptions. Each one's first order (total 1 cent, so it is easy to see) is placed when it is created; only
    // E's (2026-11-03) falls in the default range. A stands for MRR "active", C for "past due"; the rest are cancelled.
    const S1 = await subscription({ who: "A", created: "2026-09-10T10:00:00Z", plan: "syn-wk", months: 1, status: "active", agreed: 4999, coupon: "ONCE5" });
    const S2 = await subscription({ who: "B", created: "2026-10-05T10:00:00Z", plan: "syn-wk-3mo", months: 3, status: "active", agreed: 13497, coupon: "KEEP10" });
    const S3 = await subscription({ who: "C", created: "2026-10-20T10:00:00Z", plan: "syn-wk-6mo", months: 6, quantity: 2, status: "past_due", agreed: 25494 });
    const S4 = await subscription({ who: "D", created: "2026-09-15T10:00:00Z", plan: "syn-wk", months: 1, status: "canceled", canceled: "2026-11-12T09:00:00Z", agreed: 4999 });
    const S5 = await subscription({ who: "E", created: "2026-11-03T10:00:00Z", plan: "vs-wk", renewsAs: "vs-rf", months: 1, status: "active" });
    await subscription({ who: "F", created: "2026-09-20T10:00:00Z", plan: "syn-wk", months: 1, status: "canceled", canceled: "2026-10-05T10:00:00Z", agreed: 4999 });
    await subscription({ who: "G", created: "2026-09-25T10:00:00Z", plan: "syn-wk", months: 1, status: "canceled", canceled: "2026-09-28T10:00:00Z", agreed: 4999 });
    // H cancelled on 15 October and reactivated on 1 November: running again, whatever the old canceled_at says.
    await subscription({ who: "H", created: "2026-10-02T10:00:00Z", plan: "syn-wk-3mo", months: 3, status: "active", canceled: "2026-10-15T10:00:00Z", activated: "2026-11-01T10:00:00Z", agreed: 10000 });
    // A's second subscription, started and cancelled in October: A stays in the September cohort and is still running (S1).
    await subscription({ who: "A", created: "2026-10-18T10:00:00Z", plan: "syn-gr", months: 1, status: "canceled", canceled: "2026-10-19T10:00:00Z", agreed: 2999 });
    // I's first subscription was in August, before any range asked here: I is in no cohort below.
    await subscription({ who: "I", created: "2026-08-20T10:00:00Z", plan: "syn-wk", months: 1, status: "canceled", canceled: "2026-08-30T10:00:00Z", agreed: 4999 });
    await subscription({ who: "I", created: "2026-10-10T10:00:00Z", plan: "syn-wk", months: 1, status: "canceled", canceled: "2026-10-30T10:00:00Z", agreed: 4999 });

    // Orders in the default range (besides E's first order of 1 cent on 2026-11-03):
    await order("A", "2026-10-25T10:00:00Z", 5000); //                                   first order 5000
    await order("B", "2026-11-05T10:00:00Z", 12147, { key: `renewal:${S2}:2026-11-05` }); //  renewal 12147
    await order("A", "2026-11-10T10:00:00Z", 4999, { key: `renewal:${S1}:2026-11-10` }); //   renewal 4999
    await order("C", "2026-11-01T10:00:00Z", 2000, { status: "canceled" }); //             cancelled: left out
    await order("J", "2026-10-23T23:59:59Z", 7000); //                                   a second before the range: left out
    await order("J", "2026-11-22T11:00:00Z", 1000); //                                   today: in
    await order("J", "2026-11-15T10:00:00Z", 3000, { currency: "GBP" }); //              GBP, its own row
    const refunded = await order("A", "2026-10-25T11:00:00Z", 800); //                   first order 800, refunded below
    const september = await order("A", "2026-09-12T10:00:00Z", 4999); //                 before the range, refunded in it

    // Refunds: counted on the day they were made, succeeded only.
    const pay = async (orderId: string, amount: number) => {
      const id = randomUUID();
      await db.insert(payments).values({ id, orderId, customerId: customerIds.A!, gateway: "sandbox", amount, currency: "USD", status: "captured", brand: "visa", last4: "4242", createdAt: t("2026-09-12T10:00:00Z"), updatedAt: t("2026-09-12T10:00:00Z") });
      return id;
    };
    const p1 = await pay(refunded, 800);
    const p2 = await pay(september, 4999);
    const refund = async (paymentId: string, orderId: string, amount: number, status: string, at: string) =>
      db.insert(paymentRefunds).values({ idempotencyKey: randomUUID(), paymentId, orderId, amount, currency: "USD", reason: "fixture", status, staffEmail: "finance@seed.test", createdAt: t(at), updatedAt: t(at) });
    await refund(p1, refunded, 500, "succeeded", "2026-11-01T10:00:00Z"); //  in: 500
    await refund(p2, september, 999, "succeeded", "2026-10-30T10:00:00Z"); // in: 999 (the order is older; the refund is not)
    await refund(p2, september, 100, "pending", "2026-11-02T10:00:00Z"); //   pending: left out
    await refund(p2, september, 200, "failed", "2026-11-02T10:00:00Z"); //    failed: left out
    await refund(p2, september, 300, "succeeded", "2026-10-20T10:00:00Z"); // before the range: left out

    // Renewals due in the range (and two that are not counted).
    const renewal = async (subscriptionId: string, who: string, period: string, status: string, attempts: number) =>
      db.insert(renewals).values({ subscriptionId, customerId: customerIds[who]!, period, dueAt: t(`${period}T10:00:00Z`), status, attempts, quote: {}, amount: 4999, currency: "USD", createdAt: t(`${period}T10:00:00Z`), updatedAt: t(`${period}T10:00:00Z`) });
    await renewal(S1, "A", "2026-11-10", "paid", 1); //       paid first time
    await renewal(S2, "B", "2026-11-05", "paid", 3); //       declined first, paid on the third try: recovered
    await renewal(S3, "C", "2026-11-08", "retrying", 1); //   declined first, still retrying
    await renewal(S4, "D", "2026-10-26", "canceled", 2); //   declined twice, dunning gave up
    await renewal(S5, "E", "2026-11-21", "pending", 0); //    not attempted yet
    await renewal(S2, "B", "2026-11-15", "skipped", 0); //    skipped: never charged
    await renewal(S1, "A", "2026-10-10", "paid", 1); //       due before the range: left out

    for (const role of ["owner", "finance", "support", "content"] as const) cookie[role] = await signInTestStaff(app, shop, await createTestStaff(shop, role));
  }, 120_000);
  afterAll(() => shop.cleanup());

  const get = (path: string, role: keyof typeof cookie = "finance") => app.request(`/api/console${path}`, { headers: { Cookie: cookie[role] } });
  const figures = async (query = "") => {
    const res = await get(`/figures${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };

  it("MRR and ARR: each running subscription's renewal price normalised to a month, rounded once", async () => {
    const f = await figures();
    // S1 agreed 4999 monthly (the ONCE5 coupon never reaches a renewal)        4999
    // S2 agreed 13497 every 3 months, KEEP10 forever: 13497 - 1350 = 12147 / 3  4049
    // S3 past due, 2 × 25494 = 50988 every 6 months / 6                         8498
    // S5 no agreed price: the list price of the plan it renews as, vs-rf         3999
    // H  reactivated, agreed 10000 every 3 months / 3                            3333.33
    // sum 24878.33 -> MRR 24878; ARR 12 × 24878 = 298536; 5 subscriptions
    expect(f.recurring).toEqual([{ currency: "USD", subscriptions: 5, mrr: 24878, arr: 298536 }]);
    // Active now: S1, S2, S5 and H's (C's is past due).
    expect(f.subscribers).toMatchObject({ active: 4, pastDue: 1 });
  });

  it("net revenue after refunds, AOV and first orders against renewals over the default 30 days", async () => {
    const f = await figures();
    expect(f.from).toBe("2026-10-24");
    expect(f.to).toBe("2026-11-22");
    expect(f.days).toHaveLength(30);
    // USD first orders: A 5000 + A 800 + E 1 + J 1000 = 6801 (4 orders); renewals: 12147 + 4999 = 17146 (2).
    // Gross 23947 over 6 orders: AOV 3991.17 -> 3991. Refunds: 500 + 999 = 1499 (2). Net 23947 - 1499 = 22448.
    expect(f.revenue).toEqual([
      { currency: "GBP", firstOrders: 1, firstOrderTotal: 3000, renewalOrders: 0, renewalTotal: 0, refunds: 0, refundTotal: 0, orders: 1, gross: 3000, net: 3000, aov: 3000 },
      { currency: "USD", firstOrders: 4, firstOrderTotal: 6801, renewalOrders: 2, renewalTotal: 17146, refunds: 2, refundTotal: 1499, orders: 6, gross: 23947, net: 22448, aov: 3991 },
    ]);
    // Per day, USD: 25 Oct 5000 + 800; 30 Oct -999; 1 Nov -500 (the cancelled order is left out); 22 Nov 1000.
    const usd = f.dailyNet.find((s: any) => s.currency === "USD").net as number[];
    const on = (day: string) => usd[f.days.indexOf(day)];
    expect([on("2026-10-24"), on("2026-10-25"), on("2026-10-30"), on("2026-11-01"), on("2026-11-22")]).toEqual([0, 5800, -999, -500, 1000]);
    expect(usd.reduce((a, b) => a + b, 0)).toBe(22448);
  });

  it("renewal success and dunning recovery over the renewals due in the range", async () => {
    const f = await figures();
    // Attempted: S1 11-10, S2 11-05, S3 11-08, S4 10-26 = 4 (E's is not attempted, B's 11-15 skipped, A's 10-10 outside).
    // Paid: 2 (success 2/4 = 0.5), first time 1. Declined first: S2, S3, S4 = 3, recovered S2 = 1 (1/3).
    expect(f.renewals).toEqual({ attempted: 4, paid: 2, paidFirstTime: 1, failedFirst: 3, recovered: 1, successRate: 0.5, recoveryRate: 1 / 3 });
  });

  it("retention by monthly cohort: the month of each customer's first subscription, and who still runs one", async () => {
    const f = await figures("?from=2026-09-01&to=2026-11-22");
    // September: A (running), D (ended 12 Nov), F (ended 5 Oct), G (ended 28 Sep): 4 customers.
    //   month 0 (Sep) 4; month 1 (Oct) A, D, F = 3; month 2 (Nov) A, D = 2.
    // October: B (running), C (past due: running), H (reactivated: running): 3 -> 3, 3. A and I started before.
    // November: E -> 1.
    expect(f.cohorts).toEqual([
      { cohort: "2026-09", customers: 4, retained: [4, 3, 2], rates: [1, 0.75, 0.5] },
      { cohort: "2026-10", customers: 3, retained: [3, 3], rates: [1, 1] },
      { cohort: "2026-11", customers: 1, retained: [1], rates: [1] },
    ]);
  });

  it("the home's key figures: MRR, active subscribers, net revenue and AOV over the last 30 days", async () => {
    const res = await get("/figures/key", "owner");
    expect(res.status).toBe(200);
    const k = (await res.json()) as any;
    expect(k.recurring[0]).toMatchObject({ currency: "USD", mrr: 24878 });
    expect(k.active).toBe(4);
    expect(k.revenue.find((r: any) => r.currency === "USD")).toMatchObject({ net: 22448, aov: 3991 });
  });

  it("each figure as CSV, with the same numbers", async () => {
    const csv = async (name: string, query = "") => {
      const res = await get(`/figures/${name}/export.csv${query}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/csv/);
      expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="[\w-]+\.csv"/);
      return (await res.text()).trim().split("\r\n");
    };
    expect(await csv("recurring")).toEqual(["currency,subscriptions,mrr,arr", "USD,5,24878,298536"]);
    expect((await csv("revenue"))[2]).toBe("2026-10-24,2026-11-22,USD,6,23947,2,1499,22448,3991,4,6801,2,17146");
    expect(await csv("renewals")).toEqual(["from,to,attempted,paid,paid_first_time,failed_first,recovered,success_rate,recovery_rate", "2026-10-24,2026-11-22,4,2,1,3,1,0.5000,0.3333"]);
    expect(await csv("cohorts", "?from=2026-09-01&to=2026-11-22")).toEqual(["cohort,customers,month_0,month_1,month_2", "2026-09,4,4,3,2", "2026-10,3,3,3,", "2026-11,1,1,,"]);
    const daily = await csv("daily-net");
    expect(daily).toContain("2026-10-30,USD,0,999,-999");
    expect(daily).toContain("2026-10-25,USD,5800,0,5800");
    expect(daily).toHaveLength(1 + 2 * 30);
  });

  it("refuses a bad range with 400 and words: garbage, from after to, more than two years", async () => {
    for (const query of ["?from=yesterday", "?to=2026-02-30", "?from=2026-11-22&to=2026-11-01", "?from=2023-11-01&to=2026-11-01"]) {
      for (const path of ["/figures", "/figures/revenue/export.csv"]) {
        const res = await get(`${path}${query}`);
        expect(res.status, `${path}${query}`).toBe(400);
        const body = (await res.json()) as { code: string; message: string };
        expect(body.code).toBe("VALIDATION_ERROR");
        expect(body.message.length).toBeGreaterThan(10);
      }
    }
  });

  it("shows the figures to owner and finance only (dashboard.read)", async () => {
    for (const role of ["owner", "finance"] as const) expect((await get("/figures", role)).status, role).toBe(200);
    for (const role of ["support", "content"] as const) {
      for (const path of ["/figures", "/figures/key", "/figures/cohorts/export.csv"]) {
        const res = await get(path, role);
        expect(res.status, `${path} as ${role}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
      }
    }
  });
});
