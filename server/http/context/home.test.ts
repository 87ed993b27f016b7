import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryFromCounts } from "../../../domain/review-summary";
import { mediaAssets, reviews } from "../../db/schema";
import { seedMediaHashes } from "../../modules/media";
import { dbOf } from "../../shop";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import type { AppEnv } from "../types";
import { HOME_HERO_IMAGE, homeContext } from "./home";

describe(`the home page's first screen from the server (${testDriver()})`, () => {
  let shop: TestShop;
  let home: ReturnType<typeof homeContext>["home"];
  beforeAll(async () => {
    shop = await openTestShop();
    home = homeContext({ get: () => shop } as unknown as Context<AppEnv>).home;
  });
  afterAll(() => shop.cleanup());

  it("counts approved DS-01 reviews only: not pending or rejected ones, not other products'", async () => {
    // Whatever the seed holds, plus these rows.
    const before = await home.proof();
    const row = (rating: number, status: string, productLine = "ds01") => ({
      productLine,
      authorName: "A buyer",
      rating,
      title: "A title",
      body: "A review.",
      status,
      rejectReason: status === "rejected" ? "Off topic" : null,
      source: "seed",
      createdAt: shop.clock.now(),
    });
    await dbOf(shop).insert(reviews).values([row(5, "approved"), row(4, "approved"), row(2, "approved"), row(5, "pending"), row(1, "rejected"), row(1, "approved", "vs01")]);
    const after = await home.proof();
    const counts = Object.entries(before.distribution).map(([rating, count]) => ({ rating: Number(rating), count: count + (rating === "5" || rating === "4" || rating === "2" ? 1 : 0) }));
    expect(after).toEqual(summaryFromCounts(counts));
    expect(after.count).toBe(before.count + 3);
  });

  it("finds the home-hero photograph by its library name, and answers null while the library lacks it", async () => {
    const hash = (await seedMediaHashes()).get(HOME_HERO_IMAGE);
    if (!hash) {
      expect(await home.heroImage()).toBeNull();
      return;
    }
    const db = dbOf(shop);
    await db
      .insert(mediaAssets)
      .values({ hash, filename: "home-hero.png", mime: "image/png", width: 1600, height: 1200, byteSize: 1000, alt: "A photograph", placeholder: "data:image/webp;base64,AA", source: "seed", storageKey: "seed:home-hero.png", createdAt: shop.clock.now() })
      .onConflictDoNothing();
    const image = await home.heroImage();
    expect(image?.hash).toBe(hash);
    expect(image?.width).toBeGreaterThan(0);
  });
});
