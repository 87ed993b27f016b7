import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop } from "../../boot";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { planPrices } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { createLogger } from "../../lib/logger";
import type { Shop } from "../../shop";
import { openTestDatabase, testDriver, testEnv } from "../../testing/test-shop";
import { waitFor } from "../../testing/wait-for";
import { announceCatalogChange, findPlan, forgetCatalog, listPlans, listProducts } from "./index";

const price = async (shop: Shop) => (await findPlan(shop, "syn-wk-3mo", "domestic", "USD"))?.price;

// Two processes on one database: PostgreSQL gives the second its own connection pool and listener; PGlite has one
// process only, so its "other process" is the same handle (notices still come from the database at commit).
describe(`the catalogue in memory (${testDriver()})`, () => {
  let shop: Shop;
  let other: Shop;
  let otherDatabase: DatabaseHandle | null = null;
  let drop: () => Promise<void>;
  let statements = 0;

  beforeAll(async () => {
    const opened = await openTestDatabase({ onQuery: () => void (statements += 1) });
    drop = opened.drop;
    const options = { clock: fixedClock("2026-11-22T12:00:00Z"), log: createLogger("silent") };
    shop = await openShop(testEnv(), { ...options, database: opened.database });
    if (opened.url) otherDatabase = await openDatabase({ url: opened.url });
    other = { ...shop, database: otherDatabase ?? opened.database };
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await shop.database.close();
    await drop();
  });

  it("reads products and prices from the database once, then from memory", async () => {
    await listProducts(shop);
    const before = statements;
    const [products, plans] = await Promise.all([listProducts(shop), listPlans(shop, "international", "EUR")]);
    expect(products.map((p) => p.code)).toContain("syn-wk-3mo");
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.currency === "EUR")).toBe(true);
    expect(statements).toBe(before);
  });

  it("a price changed and announced by another process is read afresh once that process commits", async () => {
    const original = await price(shop);
    expect(await price(other)).toBe(original);
    await other.database.db.transaction(async (tx) => {
      await tx
        .update(planPrices)
        .set({ amount: 12345 })
        .where(and(eq(planPrices.planCode, "syn-wk-3mo"), eq(planPrices.priceList, "domestic"), eq(planPrices.currency, "USD")));
      await announceCatalogChange(tx);
      // Not yet committed: everyone still sees the old price.
      expect(await price(shop)).toBe(original);
    });
    forgetCatalog(other);
    expect(await price(other)).toBe(12345);
    await waitFor("the first process to hear of the change", async () => (await price(shop)) === 12345, 5000);
  });

  it("any write to the catalogue announces itself (a trigger), even one that does not call announceCatalogChange", async () => {
    expect(await price(shop)).toBe(12345);
    await other.database.executeSql("update plan_prices set amount = 23456 where plan_code = 'syn-wk-3mo' and price_list = 'domestic' and currency = 'USD'");
    await waitFor("the first process to hear of the change", async () => (await price(shop)) === 23456, 5000);
    await other.database.executeSql("update products set max_quantity = 2 where code = 'syn-wk-3mo'");
    await waitFor("the product change", async () => (await listProducts(shop)).find((p) => p.code === "syn-wk-3mo")?.maxQuantity === 2, 5000);
  });

  it("a change rolled back is never announced", async () => {
    const current = await price(shop);
    await other.database.db
      .transaction(async (tx) => {
        await tx.update(planPrices).set({ amount: 1 }).where(eq(planPrices.planCode, "syn-wk-3mo"));
        await announceCatalogChange(tx);
        throw new Error("changed my mind");
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(await price(shop)).toBe(current);
  });
});
