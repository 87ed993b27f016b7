import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statSync } from "node:fs";
import { contentArticles, mediaAssets } from "../../db/schema";
import { seed } from "../../db/seed";
import { fromRoot } from "../../lib/root";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { findArticle, listArticles } from "../content";
import { readSeedManifest } from "./seed-manifest";
import { seedMedia, seedMediaHashes } from "./seed-media";

describe(`seeding the photographs (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(); // boot has seeded once already
  });
  afterAll(() => shop.cleanup());

  it("one library row per manifest entry, even after seeding twice more", async () => {
    const manifest = await readSeedManifest();
    expect(await seedMedia(shop)).toBe(0);
    expect(await seedMedia(shop)).toBe(0);
    const rows = await dbOf(shop).select().from(mediaAssets).where(eq(mediaAssets.source, "seed"));
    expect(rows).toHaveLength(manifest.length);
    for (const entry of manifest) {
      const row = rows.find((r) => r.hash === entry.hash)!;
      expect(row).toMatchObject({
        filename: entry.file,
        mime: "image/webp",
        width: entry.width,
        height: entry.height,
        alt: entry.alt,
        placeholder: entry.placeholder,
        storageKey: `seed:${entry.file}`,
        byteSize: statSync(fromRoot("content/media", entry.file)).size,
      });
    }
  });

  it("a seed row an operator changed (its alt text) is left as it is", async () => {
    const [first] = await readSeedManifest();
    await dbOf(shop).update(mediaAssets).set({ alt: "Written by the operator" }).where(eq(mediaAssets.hash, first!.hash));
    await seed(shop);
    const [row] = await dbOf(shop).select().from(mediaAssets).where(eq(mediaAssets.hash, first!.hash));
    expect(row!.alt).toBe("Written by the operator");
  });

  it("seedMediaHashes names every picture", async () => {
    const hashes = await seedMediaHashes();
    expect(hashes.get("ds01-jar-pack")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.get("home-hero")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("every article carries its cover, on the page and in the index", async () => {
    const hashes = await seedMediaHashes();
    const list = await listArticles(shop);
    for (const a of list) {
      expect(a.cover, a.slug).toMatchObject({ hash: hashes.get(`article-${a.slug}`), width: 1600, height: 900 });
      expect(a.cover!.alt.length).toBeGreaterThan(20);
      expect((await findArticle(shop, a.slug))!.cover).toEqual(a.cover);
    }
  });

  it("a database seeded before covers gets them; a cover an operator chose is kept; reading times are recounted", async () => {
    const hashes = await seedMediaHashes();
    const [a, b] = await listArticles(shop);
    await dbOf(shop).update(contentArticles).set({ coverHash: null, readingMinutes: 99 }).where(eq(contentArticles.slug, a!.slug));
    const chosen = hashes.get("home-hero")!;
    await dbOf(shop).update(contentArticles).set({ coverHash: chosen }).where(eq(contentArticles.slug, b!.slug));
    await seed(shop);
    expect((await findArticle(shop, a!.slug))!).toMatchObject({ cover: { hash: hashes.get(`article-${a!.slug}`) }, readingMinutes: a!.readingMinutes });
    expect((await findArticle(shop, b!.slug))!.cover!.hash).toBe(chosen);
    expect(a!.readingMinutes).toBeLessThan(99);
  });

  it("a cover whose image left the library reads as no cover", async () => {
    const [a] = await listArticles(shop);
    await dbOf(shop).update(contentArticles).set({ coverHash: "0".repeat(64) }).where(eq(contentArticles.slug, a!.slug));
    expect((await findArticle(shop, a!.slug))!.cover).toBeNull();
  });
});
