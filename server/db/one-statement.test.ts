import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { runAsOneStatement } from "./one-statement";

describe(`one statement of several parts (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  const setting = async () => (await runAsOneStatement<{ s: string }>(dbOf(shop), [], sql`select current_setting('synchronous_commit') as s`))[0]!.s;

  it("runs the parts and answers what the answer selects from them", async () => {
    const rows = await runAsOneStatement<{ n: number }>(dbOf(shop), [{ name: "a", sql: sql`select 2 as n` }, { name: "b", sql: sql`select n + 1 as n from a` }], sql`select n from b`);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it("waitForDisk: false commits that statement alone without waiting; the connection keeps its setting", async () => {
    const before = await setting();
    const rows = await runAsOneStatement<{ s: string; n: number }>(
      dbOf(shop),
      [{ name: "a", sql: sql`select 2 as n` }],
      sql`select current_setting('synchronous_commit') as s, n from a`,
      { waitForDisk: false },
    );
    expect(rows).toEqual([{ s: "off", n: 2 }]);
    // Every connection of the pool, asked at once, still waits for the disk.
    const after = await Promise.all(Array.from({ length: 12 }, setting));
    expect(new Set(after)).toEqual(new Set([before]));
    expect(before).toBe("on");
  });
});
