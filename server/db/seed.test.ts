import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openShop } from "../boot";
import { createLogger } from "../lib/logger";
import { countPages, findPage } from "../modules/content";
import { dbOf, type Shop } from "../shop";
import { openTestShop, testDriver, testEnv, type TestShop } from "../testing/test-shop";
import { migrate } from "./migrate";
import { contentPages } from "./schema";
import { seed } from "./seed";

/** Every row of every table the shop owns, to compare before and after. */
async function snapshot(shop: Shop) {
  const tables = await shop.database.executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    [],
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables.rows) {
    out[table_name] = (await shop.database.executeSql(`select * from "${table_name}" order by 1`, [])).rows;
  }
  return out;
}

/** The seed reports how many rows it inserted per kind (pages, and whatever later issues add). */
const nothingInserted = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);

describe(`migrations and seed (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it("migrations create every table of the schema", async () => {
    const { rows } = await shop.database.executeSql(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      [],
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["analytics_events", "content_pages", "customer_experiments", "customers", "newsletter_subscribers", "sessions"]),
    );
  });

  it("running the migrations again changes nothing", async () => {
    const before = await snapshot(shop);
    const applied = (await shop.database.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations", [])).rows[0].n;
    await migrate(shop.database);
    expect((await shop.database.executeSql("select count(*)::int as n from drizzle.__drizzle_migrations", [])).rows[0].n).toBe(applied);
    expect(await snapshot(shop)).toEqual(before);
  });

  it("running the seed twice changes nothing", async () => {
    const before = await snapshot(shop);
    expect(nothingInserted(await seed(shop))).toBe(true);
    expect(nothingInserted(await seed(shop))).toBe(true);
    expect(await snapshot(shop)).toEqual(before);
  });

  it("openShop on an already set-up database migrates and seeds without a change", async () => {
    const before = await snapshot(shop);
    const database = { ...shop.database, close: async () => {} }; // keep the test's connection open
    await openShop(testEnv(), { clock: shop.clock, log: createLogger("silent"), database });
    expect(await snapshot(shop)).toEqual(before);
  });

  it("an operator's edits survive a reseed", async () => {
    await dbOf(shop)
      .update(contentPages)
      .set({ title: "Edited by the operator", blocks: [{ type: "paragraph", paragraph: "mine" }], layout: "blank" })
      .where(eq(contentPages.routeName, "home"));
    await seed(shop);
    const page = await findPage(shop, "home");
    expect(page).toMatchObject({ title: "Edited by the operator", layout: "blank", blocks: [{ type: "paragraph", paragraph: "mine" }] });
  });

  it("a deleted page comes back on the next seed, and only that one", async () => {
    const total = await countPages(shop);
    await dbOf(shop).delete(contentPages).where(eq(contentPages.routeName, "press"));
    const inserted = await seed(shop);
    expect(inserted.pages).toBe(1);
    expect(nothingInserted({ ...inserted, pages: 0 })).toBe(true);
    expect(await countPages(shop)).toBe(total);
  });
});
