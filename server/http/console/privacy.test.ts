import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { auditLog, customerAddresses, customers, deletionRequests, newsletterSubscribers, orders, payments, sessions, subscriptions } from "../../db/schema";
import { readSession, SESSION_COOKIE, startSession } from "../../modules/auth";
import { findOrCreateCustomer, saveAddress } from "../../modules/customers";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { placeTestOrder } from "../../testing/test-order";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { TEST_ADDRESS } from "../../testing/subscriptions";

describe(`console customer data export and deletion (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  let support = "";
  let finance = "";
  let content = "";
  const db = () => dbOf(shop);

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    support = await signInTestStaff(app, shop, await createTestStaff(shop, "support"));
    finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));
    content = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
  });
  afterAll(() => shop.cleanup());

  const api = async (method: string, path: string, cookie = support, body?: unknown) => {
    const res = await app.request(`/api/console${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.id);

  /** A customer with an order (and its subscription), a saved address, a live session and a newsletter subscription. */
  async function customerWithHistory(email: string) {
    const order = await placeTestOrder(app, { email, firstName: "Rosalind", lastName: "Franklin" });
    const customer = await findOrCreateCustomer(shop, email);
    await saveAddress(db(), customer.id, TEST_ADDRESS, shop.clock.now());
    const { token } = await startSession(shop, customer);
    await db().insert(newsletterSubscribers).values({ email, hashedEmail: "h", consentText: "yes", status: "subscribed", createdAt: shop.clock.now() });
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.customerId, customer.id));
    return { order, customer, token, subscriptionIds: subs.map((s) => s.id) };
  }

  it("support downloads the customer's export: the member's own document, only that customer's data, on the record", async () => {
    const a = await customerWithHistory("export-a@example.com");
    const b = await customerWithHistory("export-b@example.com");
    const res = await api("GET", `/customers/${a.customer.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="seed-customer-${a.customer.id}.json"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const doc = res.body;
    expect(doc.profile).toMatchObject({ externalId: a.customer.id, email: "export-a@example.com", firstName: "Rosalind" });
    expect(doc.orders.map((o: any) => o.id)).toEqual([a.order.id]);
    expect(JSON.stringify(doc)).not.toContain("export-b@example.com");
    expect(JSON.stringify(doc)).not.toContain(b.order.id);
    // One implementation: the member's own download is the same document.
    const own = await app.request("/api/user/data", { headers: { Cookie: `${SESSION_COOKIE}=${a.token}` } });
    expect(own.status).toBe(200);
    const ownDoc = await own.json();
    expect(Object.keys(doc).sort()).toEqual(Object.keys(ownDoc).sort());
    expect(doc.profile).toEqual(ownDoc.profile);
    expect(doc.orders).toEqual(ownDoc.orders);
    expect(doc.sessions.map((s: any) => s.id)).toEqual(ownDoc.sessions.map((s: any) => s.id));
    const entries = await auditOf(a.customer.id);
    expect(entries.at(-1)).toMatchObject({ action: "customers.export-data", after: { exported: true, orders: 1 } });
  });

  it("refuses the export and the deletion to roles without them, an unknown customer and bad input", async () => {
    const c = await findOrCreateCustomer(shop, "refusals@example.com");
    for (const cookie of [finance, content]) {
      expect((await api("GET", `/customers/${c.id}/export`, cookie)).status).toBe(403);
      expect((await api("POST", `/customers/${c.id}/erasure`, cookie, { note: "x" })).status).toBe(403);
      expect((await api("POST", `/customers/${c.id}/deletion-requests`, cookie, { note: "x" })).status).toBe(403);
    }
    expect((await app.request(`/api/console/customers/${c.id}/export`)).status).toBe(401);
    expect((await api("GET", "/customers/00000000-0000-4000-8000-000000000000/export")).status).toBe(404);
    const badId = await api("GET", "/customers/not-a-uuid/export");
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await api("POST", `/customers/${c.id}/erasure`, support, { note: "   " })).status).toBe(400);
    expect((await api("POST", `/customers/${c.id}/erasure`, support, {})).status).toBe(400);
    expect((await api("POST", `/customers/${c.id}/deletion-requests`, support, { note: "x".repeat(501) })).status).toBe(400);
    expect((await api("POST", "/customers/00000000-0000-4000-8000-000000000000/erasure", support, { note: "asked" })).status).toBe(404);
    expect((await db().select().from(customers).where(eq(customers.id, c.id)))[0]!.email).toBe("refusals@example.com");
  });

  it("refuses to erase while a subscription is active (409), then anonymises once it is cancelled, keeping orders and payments", async () => {
    const a = await customerWithHistory("erase-me@example.com");
    expect(a.subscriptionIds.length).toBeGreaterThan(0);
    const recorded = await api("POST", `/customers/${a.customer.id}/deletion-requests`, support, { note: "Email of 24 November" });
    expect(recorded).toMatchObject({ status: 200, body: { created: true } });
    expect((await api("POST", `/customers/${a.customer.id}/deletion-requests`, support, { note: "again" })).body).toEqual({ id: recorded.body.id, created: false });
    const queued = await api("GET", "/deletion-requests", finance);
    expect(queued.body.filter((r: any) => r.customerId === a.customer.id)).toEqual([expect.objectContaining({ id: recorded.body.id, email: "erase-me@example.com", note: "Email of 24 November" })]);

    // Without DELETE typed, nothing happens: the server refuses, whatever page sent it (issue 36).
    for (const confirmation of [undefined, "", "delete it", "DELET"]) {
      const unconfirmed = await api("POST", `/customers/${a.customer.id}/erasure`, support, { note: "Email of 24 November", confirmation });
      expect([unconfirmed.status, unconfirmed.body.code]).toEqual([428, "CONFIRMATION_REQUIRED"]);
    }
    const refused = await api("POST", `/customers/${a.customer.id}/erasure`, support, { note: "Email of 24 November", confirmation: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: "HAS_SUBSCRIPTIONS", message: "This customer has an active subscription. Cancel it first (Subscriptions), then process the deletion." });
    expect((await db().select().from(customers).where(eq(customers.id, a.customer.id)))[0]!.email).toBe("erase-me@example.com");

    for (const id of a.subscriptionIds) expect((await api("POST", `/subscriptions/${id}/cancel`, support, { reason: "Customer asked to be erased", confirmation: "erase-me@example.com" })).status).toBe(200);
    const orderBefore = (await db().select().from(orders).where(eq(orders.id, a.order.id)))[0]!;
    const paymentsBefore = await db().select().from(payments).where(eq(payments.orderId, a.order.id));
    expect(paymentsBefore.length).toBeGreaterThan(0);

    const erased = await api("POST", `/customers/${a.customer.id}/erasure`, support, { note: "Email of 24 November", confirmation: " delete " });
    expect(erased).toMatchObject({ status: 200, body: { erased: true } });
    const row = (await db().select().from(customers).where(eq(customers.id, a.customer.id)))[0]!;
    expect(row).toMatchObject({ email: `deleted-${a.customer.id}@deleted.invalid`, firstName: null, lastName: null, phone: null });
    expect(await db().select().from(customerAddresses).where(eq(customerAddresses.customerId, a.customer.id))).toEqual([]);
    expect(await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "erase-me@example.com"))).toEqual([]);
    expect(await readSession(shop, a.token)).toBeNull();
    expect((await db().select().from(sessions).where(eq(sessions.customerId, a.customer.id))).every((s) => s.revokedAt !== null)).toBe(true);
    // Orders and payments stay for the accounting record, their totals untouched.
    const orderAfter = (await db().select().from(orders).where(eq(orders.id, a.order.id)))[0]!;
    expect(orderAfter.total).toBe(orderBefore.total);
    expect(orderAfter.customerId).toBe(a.customer.id);
    expect((await db().select().from(payments).where(eq(payments.orderId, a.order.id))).map((p) => p.amount)).toEqual(paymentsBefore.map((p) => p.amount));
    // The request is done; the audit entries name no personal data.
    const requests = await db().select().from(deletionRequests).where(eq(deletionRequests.customerId, a.customer.id));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: "done", note: "Email of 24 November" });
    const entries = (await auditOf(a.customer.id)).filter((e) => e.action === "customers.erase");
    expect(entries).toHaveLength(3); // recorded, recorded again (the pending one), processed
    expect(entries.at(-1)!.after).toMatchObject({ anonymised: true, newsletterErased: true, deletionRequest: recorded.body.id });
    expect(JSON.stringify(entries)).not.toContain("erase-me@example.com");
    expect((await api("GET", "/deletion-requests")).body.map((r: any) => r.customerId)).not.toContain(a.customer.id);
    // Done once: a second press says so.
    expect((await api("POST", `/customers/${a.customer.id}/erasure`, support, { note: "again", confirmation: "DELETE" })).status).toBe(409);
  });
});
