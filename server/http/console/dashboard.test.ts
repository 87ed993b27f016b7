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
});
