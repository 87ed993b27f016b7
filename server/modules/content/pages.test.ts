import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentSeedSchema } from "../../../domain/content";
import { ROUTES, type RouteName } from "../../../domain/routes";
import { contentPages } from "../../db/schema";
import { cleanBlocks } from "./sanitise";
import { fromRoot } from "../../lib/root";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { findArticle, listArticles } from "./articles";
import { countPages, findPage } from "./pages";
import { seedContent } from "./seed-content";

const seedFile = ContentSeedSchema.parse(JSON.parse(readFileSync(fromRoot("content/pages.json"), "utf8")));
const seedPages = seedFile.pages;

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
      expect(page, name).toEqual({ ...seeded, blocks: cleanBlocks(seeded.blocks), id: expect.any(String), updatedAt: expect.any(Date), routeName: name, path: ROUTES[name] });
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

  it("blocks come back typed with their defaults, and rich text cleaned even if the row was written around the module", async () => {
    const blocks = [{ type: "heading", title: "Hello", class: "with-number" }, { type: "table", content: [["a", "b"], ["1", "2"]] }, { type: "paragraph", paragraph: "<p>x<script>y</script></p>" }];
    await dbOf(shop).update(contentPages).set({ blocks }).where(eq(contentPages.routeName, "science"));
    expect((await findPage(shop, "science"))!.blocks).toEqual([
      { type: "heading", title: "Hello", class: "with-number", containerClass: "" },
      { type: "table", content: [["a", "b"], ["1", "2"]], class: "", containerClass: "" },
      { type: "paragraph", paragraph: "<p>x</p>", inline: false, class: "", containerClass: "" },
    ]);
  });

  it("every article of content/ is seeded with its byline, reading time and related products; the index is newest first", async () => {
    const list = await listArticles(shop);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((a) => a.publishedOn)).toEqual([...list.map((a) => a.publishedOn)].sort().reverse());
    for (const seed of seedFile.articles) {
      const article = (await findArticle(shop, seed.slug))!;
      expect(article).toMatchObject({ title: seed.title, author: seed.author, publishedOn: seed.publishedOn, relatedProducts: seed.relatedProducts, path: `/cultured/${seed.slug}` });
      expect(article.readingMinutes).toBeGreaterThanOrEqual(1);
    }
    expect(await findArticle(shop, "no-such-article")).toBeNull();
  });

  it("a changed content file entry replaces its row on the next start; an operator's edit is kept", async () => {
    const approach = seedPages.find((p) => p.routeName === "approach")!;
    const terms = seedPages.find((p) => p.routeName === "terms")!;
    expect(await seedContent(shop, [approach, terms], [])).toMatchObject({ inserted: 0, updated: 0 });
    // The operator edits terms; then the file changes both pages.
    await dbOf(shop).update(contentPages).set({ intro: "Edited by the operator." }).where(eq(contentPages.routeName, "terms"));
    const result = await seedContent(shop, [{ ...approach, intro: "New words for approach." }, { ...terms, intro: "New words for terms." }], []);
    expect(result).toMatchObject({ inserted: 0, updated: 1, skippedEdited: ["page:terms"] });
    expect((await findPage(shop, "approach"))!.intro).toBe("New words for approach.");
    expect((await findPage(shop, "terms"))!.intro).toBe("Edited by the operator.");
    // A missing row is inserted again.
    await dbOf(shop).delete(contentPages).where(eq(contentPages.routeName, "careers"));
    expect(await seedContent(shop, seedPages.filter((p) => p.routeName === "careers"), [])).toMatchObject({ inserted: 1 });
    expect((await findPage(shop, "careers"))!.path).toBe("/join-us/");
  });
});
