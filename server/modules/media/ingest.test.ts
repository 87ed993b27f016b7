import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaAssets, mediaOriginals } from "../../db/schema";
import { dbOf } from "../../shop";
import { headerBombPng, htmlAsPng, samplePhoto, solidBombPng } from "../../testing/media-files";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { ingestImage } from "./ingest";

describe(`ingestImage (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  const stored = async () => ({
    assets: (await dbOf(shop).select({ n: count() }).from(mediaAssets))[0]!.n,
    originals: (await dbOf(shop).select({ n: count() }).from(mediaOriginals))[0]!.n,
  });
  const refused = async (bytes: Uint8Array, code: string, status: number, alt = "A jar of capsules") => {
    const before = await stored();
    await expect(ingestImage(shop, { bytes, filename: "upload.png", alt, source: "upload" })).rejects.toMatchObject({ code, status });
    expect(await stored()).toEqual(before);
  };

  it("refuses an HTML page renamed .png (415), and stores nothing", () => refused(htmlAsPng(), "IMAGE_NOT_SUPPORTED", 415));

  it("refuses SVG, whatever it is called (sharp could draw it, but it may carry scripts)", () =>
    refused(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script></svg>`), "IMAGE_NOT_SUPPORTED", 415));

  it("refuses a file over 15 MB before decoding it (413)", () => refused(new Uint8Array(15 * 1024 * 1024 + 1), "IMAGE_FILE_TOO_LARGE", 413));

  it("refuses a PNG whose header declares 50,000 x 50,000 pixels (422), from its header alone", async () => {
    const bomb = headerBombPng();
    expect(bomb.byteLength).toBeLessThan(10_000);
    await refused(bomb, "IMAGE_TOO_MANY_PIXELS", 422);
  });

  it("refuses a real 64-megapixel PNG of 60 KB (422)", async () => {
    const bomb = await solidBombPng();
    expect(bomb.byteLength).toBeLessThan(200_000);
    await refused(bomb, "IMAGE_TOO_MANY_PIXELS", 422);
  });

  it("refuses a JPEG cut short (422)", async () => {
    const photo = await samplePhoto();
    await refused(photo.subarray(0, Math.floor(photo.byteLength / 2)), "IMAGE_UNREADABLE", 422);
  });

  it("refuses an image without alt text, or with more than 250 characters (422)", async () => {
    const photo = await samplePhoto(300, 200);
    await refused(photo, "ALT_TEXT_REQUIRED", 422, "   ");
    await refused(photo, "ALT_TEXT_REQUIRED", 422, "x".repeat(251));
  });

  it("stores a JPEG once: its size, type, hash and placeholder; the same bytes again are the same asset", async () => {
    const photo = await samplePhoto(1200, 800);
    const image = await ingestImage(shop, { bytes: photo, filename: "../../etc/jar.jpg", alt: "  A jar of   capsules on linen ", source: "upload" });
    expect(image).toMatchObject({ width: 1200, height: 800, alt: "A jar of capsules on linen" });
    expect(image.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.placeholder.length).toBeLessThan(1200);
    const again = await ingestImage(shop, { bytes: photo, filename: "copy.jpg", alt: "Another description", source: "upload" });
    expect(again).toEqual(image);
    const rows = await dbOf(shop).select().from(mediaAssets);
    const row = rows.find((r) => r.hash === image.hash)!;
    expect(row).toMatchObject({ mime: "image/jpeg", filename: "jar.jpg", byteSize: photo.byteLength, source: "upload", storageKey: "db" });
    expect(rows.filter((r) => r.hash === image.hash)).toHaveLength(1);
  });

  it("reads the type from the bytes (a PNG named .jpg is stored as PNG) and the size upright (EXIF orientation)", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a5" } }).png().toBuffer();
    expect((await ingestImage(shop, { bytes: png, filename: "photo.jpg", alt: "A green square", source: "upload" })).width).toBe(400);
    const rotated = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#c83" } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await ingestImage(shop, { bytes: rotated, filename: "turned.jpg", alt: "An orange band, turned", source: "review" })).toMatchObject({ width: 200, height: 600 });
    const rows = await dbOf(shop).select().from(mediaAssets);
    expect(rows.filter((r) => r.source !== "seed").map((r) => r.mime).sort()).toEqual(["image/jpeg", "image/jpeg", "image/png"]);
  });

  it("takes WebP, AVIF and GIF (its first frame)", async () => {
    const base = sharp({ create: { width: 320, height: 240, channels: 3, background: "#246" } });
    for (const [bytes, name] of [
      [await base.clone().webp().toBuffer(), "a.webp"],
      [await base.clone().avif({ effort: 0 }).toBuffer(), "a.avif"],
      [await base.clone().gif().toBuffer(), "a.gif"],
    ] as const) {
      expect(await ingestImage(shop, { bytes, filename: name, alt: `Blue ${name}`, source: "upload" })).toMatchObject({ width: 320, height: 240 });
    }
  });

  it("keeps a shopper's photo without its metadata (no GPS in the stored original); a staff upload is kept as sent", async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#5a7" } })
      .jpeg()
      .withExifMerge({ IFD0: { Copyright: "where I live" } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const image = await ingestImage(shop, { bytes: tagged, filename: "garden.jpg", alt: "A green square from a shopper", source: "review" });
    const [original] = await dbOf(shop).select().from(mediaOriginals).where(eq(mediaOriginals.hash, image.hash));
    expect((await sharp(original!.data).metadata()).exif).toBeUndefined();
  });
});
