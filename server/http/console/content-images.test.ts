import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../../../domain/blocks";
import { libraryImageOf } from "../../../domain/media-blocks";
import { ingestImage } from "../../modules/media";
import { readStaffSession } from "../../modules/staff";
import { createApp } from "../../app";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { samplePhoto } from "../../testing/media-files";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { consoleService } from "./service";

/** The page editor's image fields pick from the media library (ADR 0067): the block stores the library's URL and size. */
describe(`content editor image fields (${testDriver()})`, { timeout: 120_000 }, () => {
  let shop: TestShop;
  let content: ReturnType<typeof consoleService>["content"];
  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "https://shop.example" } });
    const app = createApp(shop);
    const cookie = await signInTestStaff(app, shop, await createTestStaff(shop, "content"));
    content = consoleService(shop, (await readStaffSession(shop, cookie.split("=")[1]))!).content;
  });
  afterAll(() => shop.cleanup());

  const posterOf = (blocks: Block[]) => {
    const section = blocks[0] as Extract<Block, { type: "section" }>;
    return section.blocks[2] as Extract<Block, { type: "poster" }>;
  };

  it("offers each poster and slide an image field, and fills url, secure_url, size and alt from the chosen image", async () => {
    const image = await ingestImage(shop, { bytes: await samplePhoto(2400, 1600, 90), filename: "hero.jpg", alt: "Capsules spilling from the jar onto linen", source: "upload" });
    const page = await content.page("home");
    const names = page.editor.flatMap((b) => b.fields.filter((f) => f.kind === "image").map((f) => f.name));
    expect(names).toContain("f.0.blocks.2.image");
    expect(names.some((n) => /^f\.3\.blocks\.0\.slide\.\d+\.image$/.test(n))).toBe(true);
    const fields = { title: page.page.title, intro: page.page.intro, description: page.page.description, baseVersion: String(page.page.version), "f.0.blocks.2.image": image.hash, "f.0.blocks.2.altText": "" };

    const preview = await content.preview("home", fields);
    expect(preview.ok).toBe(true);
    const published = await content.publishForm("home", fields);
    expect(published.ok).toBe(true);
    const poster = posterOf((await content.page("home")).page.blocks as Block[]);
    expect(poster.image).toEqual([{ url: `/media/${image.hash}/1600.webp`, secure_url: `https://shop.example/media/${image.hash}/1600.webp`, width: 1600, height: 1067 }]);
    expect(poster.altText).toBe("Capsules spilling from the jar onto linen");
    expect(libraryImageOf(poster.image[0]!)).toEqual({ hash: image.hash });
  });

  it("keeps the current image when the field is empty, and refuses a hash the library does not have", async () => {
    const page = await content.page("home");
    const before = posterOf(page.page.blocks as Block[]).image;
    const fields = { title: page.page.title, intro: page.page.intro, description: page.page.description, baseVersion: String(page.page.version) };
    const kept = await content.preview("home", { ...fields, "f.0.blocks.2.image": "" });
    expect(kept.ok && posterOf(kept.blocks as Block[]).image).toEqual(before);
    expect(await content.preview("home", { ...fields, "f.0.blocks.2.image": "a".repeat(64) })).toEqual({ ok: false, errors: { "f.0.blocks.2.image": "There is no such image in the library. Choose another one." } });
  });
});
