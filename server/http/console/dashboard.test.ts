import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { auditLog } from "../../db/schema";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { seedSubscriptions } from "../../testing/subscriptions";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { placeTestOrder } from "../../testing/test-order";
import { drainDueRenewals } from "../../workflows/renew-subscription";
import { csvCell } from "./csv-exports";

describe(`console dashboard and CSV export (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let owner = "";
  const placed: { number: string; total: number }[] = [];

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    owner = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
    placed.push(await placeTestOrder(app, { email: "dash1@example.com", lastName: "Hopper" }));
    placed.push(await placeTestOrder(app, { email: "dash2@example.com" }));
    await seedSubscriptions(shop, { count: 2, nextBillingAt: new Date(shop.clock.now().getTime() - 3_600_000) });
    await seedSubscriptions(shop, { count: 1, nextBillingAt: new Date(shop.clock.now().getTime() - 3_600_000), card: "card_declined" });
    await drainDueRenewals(shop, { ratePerSecond: 1000 });
  });
  afterAll(() => shop.cleanup());

  const get = (path: string) => app.request(`/api/console${path}`, { headers: { Cookie: owner } });

  it("counts today's orders and revenue by currency, renewals succeeded and failed, and subscriptions", async () => {
    const res = await get("/dashboard?days=7");
    expect(res.status).toBe(200);
    const f = (await res.json()) as any;
    expect(f.days).toHaveLength(7);
    const today = shop.clock.now().toISOString().slice(0, 10);
    expect(f.days.at(-1)).toBe(today);
    const usd = f.revenue.find((r: any) => r.currency === "USD");
    // The two checkout orders, the three seeded subscriptions' first orders (total 0) and the two paid renewals.
    expect(usd.orders).toBe(7);
    expect(usd.points.at(-1)).toMatchObject({ day: today, orders: 7 });
    expect(usd.total).toBe(placed[0]!.total + placed[1]!.total + 2 * 4999);
    expect(f.renewalTotals).toEqual({ succeeded: 2, failed: 1 });
    expect(f.subscriptions.active + f.subscriptions.pastDue).toBeGreaterThanOrEqual(3);
    expect((await get("/dashboard?days=3")).status).toBe(400);
  });

  it("exports orders as CSV and puts the export on the record", async () => {
    const res = await get("/orders/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await res.text();
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("number,placed_at,email,status,currency,total");
    expect(lines.length).toBe(1 + 7);
    expect(text).toContain(`${placed[1]!.number},`);
    expect(text).toContain((placed[1]!.total / 100).toFixed(2));
    const entries = await dbOf(shop).select().from(auditLog).where(eq(auditLog.action, "orders.export"));
    expect(entries.at(-1)!.after).toEqual({ rows: 7 });
  });

  it("exports every other list as CSV with its filters: subscriptions, customers, coupons, emails, audit; each on the record", async () => {
    const csv = async (path: string) => {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="\w+\.csv"/);
      return (await res.text()).trim().split("\r\n");
    };
    const subscriptions = await csv("/subscriptions/export.csv");
    expect(subscriptions[0]).toContain("id,customerId,email,productCode,planCode,quantity,status,currency,nextBillingAt,createdAt");
    expect(subscriptions.length - 1).toBeGreaterThanOrEqual(5);
    expect(await csv("/subscriptions/export.csv?status=past_due")).toHaveLength(1 + 1);
    const customers = await csv("/customers/export.csv?email=dash1@example.com");
    expect(customers).toHaveLength(2);
    expect(customers[0]).toMatch(/(^|,)email(,|$)/);
    expect(customers[1]).toContain("dash1@example.com");
    expect((await csv("/coupons/export.csv")).some((line) => line.startsWith("WELCOME10,"))).toBe(true);
    expect((await csv("/emails/export.csv")).length).toBeGreaterThan(2);
    const audit = await csv("/audit/export.csv");
    expect(audit[0]).toMatch(/(^|,)action(,|$)/);
    expect(audit.some((line) => line.includes("customers.export"))).toBe(true);
    const actions = (await dbOf(shop).select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    for (const action of ["subscriptions.export", "customers.export", "coupons.export", "emails.export", "audit.export"]) expect(actions).toContain(action);
  });

  it("defuses cells a spreadsheet would run as formulas, and refuses roles without the export permission", async () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(null)).toBe("");
    const finance = await signInTestStaff(app, shop, await createTestStaff(shop, "finance"));
    expect((await app.request("/api/console/customers/export.csv", { headers: { Cookie: finance } })).status).toBe(403);
    expect((await app.request("/api/console/subscriptions/export.csv", { headers: { Cookie: finance } })).status).toBe(200);
  });
});
