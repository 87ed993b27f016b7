import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open } from "./shell-fixtures";

/**
 * Journal covers (docs/decisions/0070): every card of /cultured/ and every article page draws its cover from the media
 * library with srcset, sizes, width and height, and the honest reading time.
 */
const manifest = JSON.parse(readFileSync("content/media/manifest.json", "utf8")) as { name: string; hash: string; width: number; height: number; alt: string }[];
const byName = new Map(manifest.map((e) => [e.name, e]));

/** Serves /media/<hash>/<width>.<format> from the seed originals, so these tests can look at pictures whichever serving code is in the build. */
async function serveSeedMedia(page: Page) {
  const files = new Map(manifest.map((e) => [e.hash, `content/media/${e.name}.webp`]));
  await page.route(/\/media\/[0-9a-f]{64}\//, (route) => {
    const hash = new URL(route.request().url()).pathname.split("/")[2]!;
    const file = files.get(hash);
    return file ? route.fulfill({ body: readFileSync(file), contentType: "image/webp" }) : route.fallback();
  });
}

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test.describe(`journal covers at ${label}`, () => {
    test.use({ viewport });

    test("each card of the index shows its article's cover", async ({ page }) => {
      await serveSeedMedia(page);
      await open(page, "/cultured/");
      const cards = page.locator(".article-card");
      expect(await cards.count()).toBeGreaterThanOrEqual(8);
      for (const card of await cards.all()) {
        const href = await card.locator(".article-card-title a").getAttribute("href");
        const cover = byName.get(`article-${href!.replace("/cultured/", "")}`)!;
        const img = card.locator("img");
        await expect(img).toHaveAttribute("width", String(cover.width));
        await expect(img).toHaveAttribute("height", String(cover.height));
        await expect(img).toHaveAttribute("alt", "");
        await expect(card.locator('source[type="image/avif"]')).toHaveAttribute("srcset", new RegExp(`/media/${cover.hash}/640\\.avif 640w`));
      }
      await page.locator(".article-list").screenshot({ path: `test-results/journal-covers/cultured-${label}.png` });
    });

    test("an article shows its cover with its alt text under the byline", async ({ page }) => {
      await serveSeedMedia(page);
      await open(page, "/cultured/why-capsule-design-matters");
      const cover = byName.get("article-why-capsule-design-matters")!;
      const img = page.locator(".article-cover img");
      await expect(img).toHaveAttribute("alt", cover.alt);
      await expect(img).toHaveAttribute("loading", "eager");
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`/media/${cover.hash}/1280\\.webp$`));
      await page.screenshot({ path: `test-results/journal-covers/article-${label}.png` });
    });
  });
}
