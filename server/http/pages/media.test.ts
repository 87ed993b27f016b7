import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaPath, widthsFor, type MediaImage } from "../../../domain/media";
import { createApp } from "../../app";
import { openDatabase } from "../../db/client";
import { mediaAssets, mediaVariants } from "../../db/schema";
import { ingestImage, mediaState, readOriginal } from "../../modules/media";
import { dbOf, type Shop } from "../../shop";
import { samplePhoto } from "../../testing/media-files";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";

describe(`GET /media/<hash>/<width>.<format> (${testDriver()})`, { timeout: 120_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let image: MediaImage;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    image = await ingestImage(shop, { bytes: await samplePhoto(1000, 750), filename: "jar.jpg", alt: "A jar of capsules on a linen cloth", source: "upload" });
  });
  afterAll(() => shop.cleanup());

  it("serves every offered width as AVIF and WebP: immutable, typed, tagged, without the original's EXIF", async () => {
    expect(widthsFor(image.width)).toEqual([320, 640, 960, 1000]);
    for (const width of widthsFor(image.width)) {
      for (const format of ["avif", "webp"] as const) {
        const res = await app.request(mediaPath(image.hash, width, format));
        expect(res.status, `${width}.${format}`).toBe(200);
        expect(res.headers.get("content-type")).toBe(`image/${format}`);
        expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(res.headers.get("etag")).toBe(`"${image.hash}-${width}-${format}"`);
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 750) / 1000));
        expect(meta.exif).toBeUndefined();
      }
    }
    const rows = await dbOf(shop).select({ n: count() }).from(mediaVariants).where(eq(mediaVariants.hash, image.hash));
    expect(rows[0]!.n).toBe(8);
  });

  it("answers a repeat from its ETag with 304", async () => {
    const res = await app.request(mediaPath(image.hash, 320, "webp"), { headers: { "If-None-Match": `"${image.hash}-320-webp"` } });
    expect(res.status).toBe(304);
  });

  it("answers 404 {code, message} for a width not offered, an unknown hash, a bad name or format", async () => {
    for (const path of [
      `/media/${image.hash}/1280.webp`,
      `/media/${image.hash}/321.webp`,
      `/media/${image.hash}/0640.webp`,
      `/media/${image.hash}/640.jpeg`,
      `/media/${image.hash}/640.webp.html`,
      `/media/${"0".repeat(64)}/640.webp`,
      `/media/${image.hash.toUpperCase()}/640.webp`,
      `/media/..%2F..%2Fpackage.json/640.webp`,
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("makes a rendition requested by many at once one time, and stores one row", async () => {
    const fresh = await ingestImage(shop, { bytes: await samplePhoto(900, 600, 30), filename: "b.jpg", alt: "An amber jar", source: "upload" });
    const before = mediaState(shop).made;
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.request(mediaPath(fresh.hash, 640, "avif"))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer()).toString("base64")));
    expect(new Set(bodies).size).toBe(1);
    expect(mediaState(shop).made - before).toBe(1);
    const rows = await dbOf(shop).select({ n: count() }).from(mediaVariants).where(eq(mediaVariants.hash, fresh.hash));
    expect(rows[0]!.n).toBe(1);
  });

  it.runIf(testDriver() === "postgres")("two processes asking for one new rendition at once store one row and serve the same bytes", async () => {
    const fresh = await ingestImage(shop, { bytes: await samplePhoto(800, 800, 200), filename: "c.jpg", alt: "A green jar", source: "upload" });
    const second = await openDatabase({ url: shop.databaseUrl! });
    try {
      const other: Shop = { ...shop, database: second };
      const otherApp = createApp(other);
      const path = mediaPath(fresh.hash, 320, "webp");
      const [a, b] = await Promise.all([app.request(path), otherApp.request(path)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
      const rows = await dbOf(shop).select({ n: count() }).from(mediaVariants).where(eq(mediaVariants.hash, fresh.hash));
      expect(rows[0]!.n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it("reads a seed original only from content/media, never a path outside it", async () => {
    expect(await readOriginal(dbOf(shop), { hash: "x", storageKey: "seed:../package.json" })).toBeNull();
    expect(await readOriginal(dbOf(shop), { hash: "x", storageKey: "seed:/etc/passwd" })).toBeNull();
    const [row] = await dbOf(shop).select().from(mediaAssets).where(eq(mediaAssets.hash, image.hash));
    expect((await readOriginal(dbOf(shop), row!))?.byteLength).toBe(row!.byteSize);
  });
});
