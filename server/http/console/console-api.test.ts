import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { emailOutbox, orderShipments } from "../../db/schema";
import { readSession, SESSION_COOKIE, startSession } from "../../modules/auth";
import { findCustomerById, findOrCreateCustomer } from "../../modules/customers";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";

describe(`console API (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  const orders: { number: string; id: string }[] = [];

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    for (let i = 0; i < 5; i++) orders.push(await placeTestOrder(app, { email: `buyer${i}@example.com`, firstName: i === 3 ? "Dorothy" : "Ada", lastName: i === 3 ? "Vaughan" : "Lovelace" }));
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
  });
  afterAll(() => shop.cleanup());

  const api = async (method: string, path: string, body: unknown = method === "GET" ? undefined : {}) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { Cookie: owner, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("finds orders by number (any spelling), email and full or last name", async () => {
    const target = orders[3]!;
    for (const q of [target.number, target.number.toLowerCase().replace("-", ""), target.number.slice(3)]) {
      expect((await api("GET", `/orders?q=${encodeURIComponent(q)}`)).body.rows.map((r: any) => r.number)).toEqual([target.number]);
    }
    expect((await api("GET", "/orders?q=BUYER3%40example.com")).body.rows.map((r: any) => r.number)).toEqual([target.number]);
    expect((await api("GET", "/orders?q=dorothy%20vaughan")).body.rows.map((r: any) => r.number)).toEqual([target.number]);
    expect((await api("GET", "/orders?q=Vaughan")).body.rows).toHaveLength(1);
    expect((await api("GET", "/orders?q=Nobody")).body.rows).toEqual([]);
  });

  it("pages with a keyset cursor: disjoint pages, newest first, then the end", async () => {
    const first = (await api("GET", "/orders?limit=2")).body;
    const second = (await api("GET", `/orders?limit=2&before=${first.next}`)).body;
    const third = (await api("GET", `/orders?limit=2&before=${second.next}`)).body;
    const numbers = [...first.rows, ...second.rows, ...third.rows].map((r: any) => r.number);
    expect(numbers).toEqual([...orders].reverse().map((o) => o.number));
    expect(third.next).toBeNull();
  });

  it("pages customers and emails on (time, id) cursors without gaps or repeats, even when times are equal", async () => {
    const walk = async (path: string) => {
      const seen: string[] = [];
      for (let cursor: string | null = "", pages = 0; cursor !== null && pages < 20; pages++) {
        const page: { rows: { id: string }[]; next: string | null } = (await api("GET", `${path}${path.includes("?") ? "&" : "?"}limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ""}`)).body;
        seen.push(...page.rows.map((r: any) => r.id));
        cursor = page.next;
      }
      return seen;
    };
    const customers = await walk("/customers");
    expect(new Set(customers).size).toBe(customers.length);
    expect(customers.length).toBeGreaterThanOrEqual(5);
    const emails = await walk("/emails");
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.length).toBeGreaterThanOrEqual(5);
  });

  it("shows an order with its lines, payment, confirmation email and timeline", async () => {
    const { status, body } = await api("GET", `/orders/${orders[0]!.number}`);
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ number: orders[0]!.number, payment: { brand: "visa", last4: "4242" } });
    expect(body.order.lines.length).toBeGreaterThan(0);
    expect(body.emails.map((m: any) => m.template)).toEqual(["order-confirmation"]);
    expect(body.timeline[0].what).toMatch(/Order placed and paid/);
    expect((await api("GET", "/orders/SD-999999")).status).toBe(404);
    expect((await api("GET", "/orders/nonsense")).status).toBe(404);
  });

  it("marks shipped once per tracking number and emails the tracking link", async () => {
    const number = orders[1]!.number;
    const ship = () => api("POST", `/orders/${number}/shipments`, { carrier: "usps", trackingNumber: "9400111899223197428490" });
    expect((await ship()).body).toMatchObject({ carrier: "usps", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490" });
    expect((await ship()).status).toBe(200);
    expect(await dbOf(shop).select().from(orderShipments).where(eq(orderShipments.orderId, orders[1]!.id))).toHaveLength(1);
    const shipped = await dbOf(shop).select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, "order-shipped:%"));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toMatchObject({ to: "buyer1@example.com", subject: `Your order ${number} is on its way` });
    expect(shipped[0]!.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490"');
    const detail = (await api("GET", `/orders/${number}`)).body;
    expect(detail.shipments).toHaveLength(1);
    expect(detail.emails.map((m: any) => m.template)).toEqual(["order-confirmation", "order-shipped"]);
    expect(detail.timeline.map((t: any) => t.what)).toContainEqual(expect.stringMatching(/Shipped with USPS, tracking 9400111899223197428490/));
    expect((await api("POST", `/orders/${number}/shipments`, { carrier: "pigeon", trackingNumber: "12345678" })).status).toBe(400);
    expect((await api("POST", `/orders/${number}/shipments`, { carrier: "ups", trackingNumber: "<script>" })).status).toBe(400);
  });

  it("resends the confirmation: one email per request key, however often the request is repeated", async () => {
    const number = orders[2]!.number;
    const requestKey = randomUUID();
    const first = await api("POST", `/orders/${number}/confirmation`, { requestKey });
    const again = await api("POST", `/orders/${number}/confirmation`, { requestKey });
    expect(first.body.emailId).toEqual(expect.any(String));
    expect(again.body.emailId).toBeNull();
    const sent = await dbOf(shop).select().from(emailOutbox).where(like(emailOutbox.idempotencyKey, `order-confirmation:${orders[2]!.id}%`));
    expect(sent).toHaveLength(2);
  });

  it("edits a customer's fraud status (which blocks them) and revokes one of their sessions", async () => {
    const customer = await findOrCreateCustomer(shop, "buyer4@example.com");
    expect((await api("PUT", `/customers/${customer.id}/fraud-status`, { fraudulentStatus: "Confirmed fraud" })).status).toBe(200);
    expect((await findCustomerById(shop, customer.id))?.fraudulentStatus).toBe("Confirmed fraud");
    const { token } = await startSession(shop, customer);
    const session = (await readSession(shop, token))!;
    const detail = (await api("GET", `/customers/${customer.id}`)).body;
    expect(detail.sessions.find((s: any) => s.id === session.sessionId)).toMatchObject({ live: true });
    expect(detail.orders).toHaveLength(1);
    expect(detail.subscriptions).toHaveLength(1);
    expect((await api("POST", `/customers/${customer.id}/sessions/${session.sessionId}/revoke`)).status).toBe(200);
    expect(await readSession(shop, token)).toBeNull();
    // Another customer's session is not this customer's to revoke.
    const other = await findOrCreateCustomer(shop, "buyer0@example.com");
    const otherSession = (await readSession(shop, (await startSession(shop, other)).token))!;
    expect((await api("POST", `/customers/${customer.id}/sessions/${otherSession.sessionId}/revoke`)).status).toBe(404);
    const check = await app.request("/api/auth/check-authentication", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(await check.json()).toEqual({ success: false });
  });

  it("creates and edits coupons, refusing impossible ones with 400", async () => {
    const make = (body: object) => api("POST", "/coupons", { code: "spring15", type: "fixed", value: 1500, currency: "USD", plans: ["syn-wk-3mo"], ...body });
    expect((await make({ value: 12.5 })).status).toBe(400);
    expect((await make({ currency: null })).status).toBe(400);
    expect((await make({ type: "percent", value: 101, currency: null })).status).toBe(400);
    expect((await make({ startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" })).status).toBe(400);
    expect((await make({ code: "no spaces" })).status).toBe(400);
    const created = await make({ maxRedemptions: 100, maxPerCustomer: 1, firstOrderOnly: true, duration: "forever" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: "SPRING15", value: 1500, currency: "USD", plans: ["syn-wk-3mo"], maxPerCustomer: 1, firstOrderOnly: true, duration: "forever" });
    expect((await make({})).status).toBe(400);
    const edited = await api("PUT", "/coupons/spring15", { type: "percent", value: 15, active: false });
    expect(edited.body).toMatchObject({ code: "SPRING15", type: "percent", value: 15, currency: null, plans: "all", active: false });
    expect((await api("GET", "/coupons/SPRING15")).body).toMatchObject({ timesRedeemed: 0, redemptions: { rows: [], next: null } });
    expect((await api("PUT", "/coupons/NOPE", { type: "percent", value: 15 })).status).toBe(404);
  });

  it("a flag default set in the console reaches the pages' flags", async () => {
    expect((await api("PUT", "/flags/data-glass-jar", { enabled: true })).status).toBe(200);
    const flags = (await api("GET", "/flags")).body;
    expect(flags).toHaveLength(14);
    expect(flags.find((f: any) => f.name === "data-glass-jar")).toMatchObject({ builtIn: false, console: true, effective: true });
    expect((await api("PUT", "/flags/data-unknown", { enabled: true })).status).toBe(400);
  });

  it("requeues a failed email, and only a failed one", async () => {
    const [failed] = await dbOf(shop)
      .insert(emailOutbox)
      .values({ to: "x@example.com", subject: "s", text: "t", html: "h", template: "test", idempotencyKey: "api-failed", status: "failed", attempts: 6, createdAt: shop.clock.now() })
      .returning();
    expect((await api("GET", "/emails?status=failed")).body.rows.map((m: any) => m.id)).toContain(failed!.id);
    expect((await api("POST", `/emails/${failed!.id}/requeue`)).status).toBe(200);
    expect((await api("POST", `/emails/${failed!.id}/requeue`)).status).toBe(404);
  });

  it("an owner invites a colleague with a one-time setup link", async () => {
    const { body } = await api("POST", "/staff", { email: "new.support@seed.test", role: "support" });
    expect(body.setupUrl).toMatch(/\/console\/setup\?token=/);
    expect((await api("GET", "/staff")).body.map((s: any) => s.email)).toContain("new.support@seed.test");
    expect((await api("POST", "/staff", { email: "new.support@seed.test", role: "owner" })).status).toBe(400);
  });
});
