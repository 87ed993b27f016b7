import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { startSession } from "../../modules/auth";
import { memberOrders, recordShipment } from "../../modules/orders";
import { dbOf } from "../../shop";
import { buySubscription } from "../../testing/subscriber";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

describe(`subscription and invoice calls (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let n = 0;
  const P = "/provider";

  beforeAll(async () => {
    shop = await openTestShop({ now: "2026-11-22T12:00:00Z" });
    app = createApp(shop);
  });
  afterAll(() => shop.cleanup());

  async function signedInMember() {
    const email = `api${++n}@example.com`;
    const m = await buySubscription(shop, { email });
    const { token } = await startSession(shop, { id: m.customerId, email });
    return { ...m, email, token };
  }

  const call = (path: string, init: { method?: string; token?: string; body?: unknown; accept?: string } = {}) =>
    app.request(path, {
      method: init.method ?? "GET",
      // Browsers send Origin with every PUT and DELETE; the same-origin check refuses bodiless ones without it.
      headers: {
        Origin: "http://localhost",
        ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(init.token ? { Cookie: `seed_jwt=${init.token}` } : {}),
        ...(init.accept ? { Accept: init.accept } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });

  it("answers 401 signed out and 400 {code, message} on bad input", async () => {
    const m = await signedInMember();
    const res = await call("/api/subscription", { method: "PUT", body: { subscriptionId: m.subscriptionId, action: "delay", months: 1 } });
    expect(res.status).toBe(401);
    for (const body of [{ subscriptionId: m.subscriptionId, action: "delay", months: 3 }, { subscriptionId: "x", action: "ship_now" }, { action: "explode" }]) {
      const bad = await call("/api/subscription", { method: "PUT", token: m.token, body });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.any(String) });
    }
  });

  it("PUT /api/subscription delays and answers the spec's message and the session token", async () => {
    const m = await signedInMember();
    const res = await call("/api/subscription", { method: "PUT", token: m.token, body: { subscriptionId: m.subscriptionId, action: "delay", months: 2 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: "Success—your subscription details were updated and will take effect on your next billing cycle.",
      seedSessionToken: m.token,
      subscription: { nextBillingAt: "2027-02-22T12:00:00.000Z" },
    });
  });

  it("preview, change, cancellation reasons, retention offer, cancel with the section 3 payload, reactivate", async () => {
    const m = await signedInMember();
    const base = `/api/subscription/${m.subscriptionId}`;
    const preview = await call(`${base}/preview`, { method: "PUT", token: m.token, body: { planCode: "syn-rf-6mo", quantity: 1 } });
    expect(await preview.json()).toMatchObject({ current: { total: 4999 }, proposed: { total: 25494 } });
    expect((await call(`${base}/change`, { method: "PUT", token: m.token, body: { planCode: "syn-rf-6mo", quantity: 1 } })).status).toBe(200);
    // Another product's refill is refused with the error shape, never applied (issue 34, point 12).
    const other = await call(`${base}/change`, { method: "PUT", token: m.token, body: { planCode: "vs-rf", quantity: 1 } });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: "PLAN_NOT_FOUND", message: expect.stringContaining("same product") });

    const reasons = (await (await call(`/api/subscription/cancellationReasons/${m.subscriptionId}`, { token: m.token })).json()) as any;
    expect(reasons.retentionOfferAvailable).toBe(true);
    expect(reasons.reasons.length).toBeGreaterThan(3);
    const kept = await call(`${base}/retention-offer`, { method: "PUT", token: m.token, body: { cancellationReasonId: 1 } });
    expect(((await kept.json()) as any).subscription.nextCharge.total).toBe(25494 - 5099);
    expect((await call(`${base}/retention-offer`, { method: "PUT", token: m.token, body: {} })).status).toBe(403);

    const canceled = await call(base, { method: "DELETE", token: m.token, body: { cancellationReasonId: 1, cancellationReasonText: "Too dear", secondaryReasonId: undefined } });
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ message: "Your subscription has been canceled.", subscription: { status: "canceled" } });
    const back = await call(`${base}/reactivate`, { method: "PUT", token: m.token });
    expect(((await back.json()) as any).subscription).toMatchObject({ status: "active", held: true });
  });

  it("another member's subscription or invoice is 404, whatever the call", async () => {
    const owner = await signedInMember();
    const other = await signedInMember();
    const id = owner.subscriptionId;
    const tries = [
      call("/api/subscription", { method: "PUT", token: other.token, body: { subscriptionId: id, action: "ship_now" } }),
      call(`/api/subscription/${id}/change`, { method: "PUT", token: other.token, body: { planCode: "syn-rf-3mo", quantity: 1 } }),
      call(`/api/subscription/${id}/preview`, { method: "PUT", token: other.token, body: { planCode: "syn-rf-3mo", quantity: 1 } }),
      call(`/api/subscription/${id}/reactivate`, { method: "PUT", token: other.token }),
      call(`/api/subscription/${id}/retention-offer`, { method: "PUT", token: other.token, body: { cancellationReasonId: 1 } }),
      call(`/api/subscription/${id}`, { method: "DELETE", token: other.token }),
      call(`/api/subscription/cancellationReasons/${id}`, { token: other.token }),
      call(`${P}/ecommerce/subscription/${id}`, { token: other.token }),
      call(`${P}/ecommerce/subscription/billing-date`, { method: "PUT", token: other.token, body: { subscription_id: id, update: { ship_now: true } } }),
      call(`${P}/ecommerce/invoice/${owner.orderId}`, { token: other.token }),
      call(`${P}/ecommerce/invoice/${owner.orderId}?format=pdf`, { token: other.token }),
    ];
    const answers = await Promise.all(tries);
    expect(answers.map((r) => r.status)).toEqual(tries.map(() => 404));
    // The list shows only the member's own; the owner's subscription is untouched by all of the above.
    const list = (await (await call(`${P}/ecommerce/subscription/?include_renewal_preview=true`, { token: other.token })).json()) as any;
    expect(list.subscriptions.map((s: any) => s.id)).toEqual([other.subscriptionId]);
    const mine = (await (await call(`${P}/ecommerce/subscription/${id}`, { token: owner.token })).json()) as any;
    expect(mine).toMatchObject({ status: "active", planCode: "syn-rf", retentionPercentOff: null, nextCharge: { total: 4999 } });
  });

  it("provider: lists with the renewal preview, moves the billing date, and serves the invoice as JSON and PDF", async () => {
    const m = await signedInMember();
    const list = (await (await call(`${P}/ecommerce/subscription/?include_renewal_preview=true`, { token: m.token })).json()) as any;
    expect(list.subscriptions).toHaveLength(1);
    expect(list.subscriptions[0].nextCharge.total).toBe(4999);
    const bare = (await (await call(`${P}/ecommerce/subscription/`, { token: m.token })).json()) as any;
    expect(bare.subscriptions[0].nextCharge).toBeNull();

    const moved = await call(`${P}/ecommerce/subscription/billing-date/`, { method: "PUT", token: m.token, body: { subscription_id: m.subscriptionId, update: { next_billing_date: "2027-01-05" } } });
    expect(((await moved.json()) as any).subscription.nextBillingAt).toBe("2027-01-05T12:00:00.000Z");

    const invoice = (await (await call(`${P}/ecommerce/invoice/${m.orderId}/`, { token: m.token })).json()) as any;
    expect(invoice).toMatchObject({ currency: "USD", seller: { name: "Seed Shop Ltd." } });
    expect(invoice.totals.map((t: any) => t.label.replace(/ \(.*/, ""))).toEqual(["Subtotal", "Shipping", "Tax", "Total"]);
    expect(invoice.totals.at(-1)).toMatchObject({ label: "Total (USD)", value: "$49.99" });
    const pdf = await call(`${P}/ecommerce/invoice/${m.orderId}`, { token: m.token, accept: "application/pdf" });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.headers.get("cache-control")).toContain("no-store");
  });

  it("signed-out cancel link: 202 with the same words for any address", async () => {
    const m = await signedInMember();
    const a = await call("/api/subscription/cancel-link", { method: "POST", body: { email: m.email } });
    const b = await call("/api/subscription/cancel-link", { method: "POST", body: { email: "stranger@example.com" } });
    expect(a.status).toBe(202);
    expect(await a.json()).toEqual(await b.json());
    expect((await call("/api/subscription/cancel-link", { method: "POST", body: { email: "not an email" } })).status).toBe(400);
  });

  it("order history links a parcel's tracking page once the console marks it shipped (https links only)", async () => {
    const m = await signedInMember();
    await recordShipment(dbOf(shop), { orderId: m.orderId, carrier: "ups", trackingNumber: "1Z999AA10123456784", now: shop.clock.now() });
    const rows = await memberOrders(dbOf(shop), m.customerId);
    const tracked = rows.find((r) => r.id === m.orderId);
    expect(tracked?.tracking?.[0]?.url).toMatch(/^https:\/\//);
  });
});
