import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentSeedSchema } from "../../../domain/content";
import { ROUTES, type RouteName } from "../../../domain/routes";
import { contentPages } from "../../db/schema";
import { fromRoot } from "../../lib/root";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { countPages, findPage, insertMissingPages } from "./pages";

const seedPages = ContentSeedSchema.parse(JSON.parse(readFileSync(fromRoot("content/pages.json"), "utf8"))).pages;

describe(`content pages (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it("the seed put one page per route name", async () => {
    expect(await countPages(shop)).toBe(Object.keys(ROUTES).length);
  });

  it("findPage gives every seeded page at its route path, with its words, layout and blocks", async () => {
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      const page = await findPage(shop, name);
      const seeded = seedPages.find((p) => p.routeName === name)!;
      expect(page, name).toEqual({ ...seeded, id: expect.any(String), updatedAt: expect.any(Date), routeName: name, path: ROUTES[name] });
    }
  });

  it("findPage of a name without a row gives null", async () => {
    expect(await findPage(shop, "not_a_route" as RouteName)).toBeNull();
  });

  it("a layout other than blank in the table reads as default", async () => {
    await dbOf(shop).update(contentPages).set({ layout: "fancy" }).where(eq(contentPages.routeName, "press"));
    expect((await findPage(shop, "press"))!.layout).toBe("default");
    await dbOf(shop).update(contentPages).set({ layout: "blank" }).where(eq(contentPages.routeName, "press"));
    expect((await findPage(shop, "press"))!.layout).toBe("blank");
  });

  it("blocks round-trip as JSON", async () => {
    const blocks = [{ type: "heading", title: "Hello", class: "with-number" }, { type: "table", content: [["a", "b"], ["1", "2"]] }];
    await dbOf(shop).update(contentPages).set({ blocks }).where(eq(contentPages.routeName, "science"));
    expect((await findPage(shop, "science"))!.blocks).toEqual(blocks);
  });

  it("insertMissingPages inserts only what is missing", async () => {
    expect(await insertMissingPages(shop, [])).toBe(0);
    expect(await insertMissingPages(shop, seedPages)).toBe(0);
    await dbOf(shop).delete(contentPages).where(eq(contentPages.routeName, "careers"));
    expect(await insertMissingPages(shop, seedPages)).toBe(1);
    expect((await findPage(shop, "careers"))!.path).toBe("/join-us/");
  });
});
