import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLOOR_STATEMENTS, placeFloorOrder, type FloorQuery } from "../../bench/lib/floor-sql.mjs";
import { openShop } from "../boot";
import { fixedClock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import type { Shop } from "../shop";
import { openTestDatabase, testDriver, testEnv } from "../testing/test-shop";

// The bench's floor server (bench/lib/floor-server.mjs) writes the rows of one order with hand-written SQL. This runs
// that SQL on a migrated, seeded database, so a schema change that the floor does not follow fails here, not in a bench.
describe(`the bench's floor order SQL (${testDriver()})`, () => {
  let shop: Shop;
  let drop: () => Promise<void>;
  let client: pg.Client | null = null;
  let query: FloorQuery;
  const now = new Date("2026-11-22T12:00:00Z");
  const address = { firstName: "Floor", lastName: "Shopper", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    shop = await openShop(testEnv(), { clock: fixedClock(now), log: createLogger("silent"), database: opened.database });
    if (opened.url) {
      // One connection: the floor runs BEGIN ... COMMIT on it, as the floor server does on a pooled client.
      client = new pg.Client({ connectionString: opened.url });
      await client.connect();
      query = (text, values) => client!.query(text, values as unknown[]);
    } else {
      query = (text, values) => shop.database.executeSql(text, values ?? []);
    }
  });
  afterAll(async () => {
    await client?.end();
    await shop.database.close();
    await drop();
  });

  it("writes every row of an order in 13 statements and refuses a second order for the same key", async () => {
    let statements = 0;
    const counted: FloorQuery = (text, values) => {
      statements += 1;
      return query(text, values);
    };
    const key = randomUUID();
    const input = { idempotencyKey: key, email: `floor-${key}@example.com`, address, productCode: "syn-wk-3mo", quantity: 1, token: "tok_floor", now };
    const order = await placeFloorOrder(counted, input);
    expect(statements).toBe(FLOOR_STATEMENTS);
    expect(order).toMatchObject({ status: "paid", total: 13497, number: expect.stringMatching(/^SD-\d+$/) });
    const one = async (sql: string) => (await query(sql, [order.id])).rows[0];
    expect(await one("select count(*)::int as n from order_lines where order_id = $1")).toEqual({ n: 1 });
    expect(await one("select status, amount from payments where order_id = $1")).toEqual({ status: "captured", amount: 13497 });
    expect(await one("select status, billing_period_months from subscriptions where order_id = $1")).toEqual({ status: "active", billing_period_months: 3 });
    expect(await one("select template from email_outbox where idempotency_key = 'order-confirmation:' || $1")).toEqual({ template: "order-confirmation" });
    expect(await one("select status from checkout_attempts where order_id = $1")).toEqual({ status: "completed" });
    await expect(placeFloorOrder(query, input)).rejects.toMatchObject({ status: 409 });
  });
});
