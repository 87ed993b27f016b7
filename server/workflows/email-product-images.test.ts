import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaHash } from "../../domain/media";
import { mediaAssets } from "../db/schema";
import { seedProductProfiles } from "../modules/catalog";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { emailProductImages } from "./email-product-images";

/** An order email's line photo (ADR 0069): absolute at PUBLIC_URL, a WebP rendition sharp at twice its drawn size. */
describe(`email product images (${testDriver()})`, () => {
  let shop: TestShop;
  const hash = "c".repeat(64) as MediaHash;
  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "https://shop.example" } });
    await dbOf(shop).insert(mediaAssets).values({ hash, filename: "jar.png", mime: "image/png", width: 1600, height: 1200, byteSize: 10, alt: "A jar", placeholder: "data:,", source: "seed", storageKey: "seed:jar.png", createdAt: shop.clock.now() });
    await seedProductProfiles(shop, undefined, new Map([["ds01-jar-pack", hash]]));
  });
  afterAll(() => shop.cleanup());

  it("names the photo at the public origin, never a request's host, with its drawn size; none for a product without one", async () => {
    const images = await emailProductImages(shop);
    expect(images("syn-wk")).toEqual({ src: `https://shop.example/media/${hash}/320.webp`, width: 56, height: 42 });
    expect(images("syn-gr")).toBeNull();
  });
});
