import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { DESKTOP, MOBILE } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { signInNewOwner } from "./support/console";

/**
 * The console's media library end to end (issue 35, docs/decisions/0067-media-library.md): an owner chooses two
 * images, is told each needs alt text, describes them, uploads both and sees them in the library's grid, served from
 * /media; a plain form without JavaScript uploads too; the page is axe-clean at 1440 and 390.
 */

/** A picture of its own per try (so a retry never meets the first try's bytes already stored). */
async function picture(hue: number, width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},40%,82%)"/><rect x="${width * 0.38}" y="${height * 0.2}" width="${width * 0.24}" height="${height * 0.62}" rx="${width * 0.03}" fill="hsl(${hue},45%,30%)"/><rect x="${width * 0.38}" y="${height * 0.42}" width="${width * 0.24}" height="${height * 0.16}" fill="#f4efe6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const grid = (page: Page) => page.getByRole("list", { name: "Images in the library" });

test("an owner uploads two images with their alt text and sees them in the library", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const hue = Date.now() % 360;
  await signInNewOwner(page, { tag: "media-owner" });
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Media" }).click();
  await expect(page.getByRole("heading", { name: "Media library", level: 1 })).toBeVisible();
  await expect(page.locator("[data-upload-ready]")).toBeAttached();
  await expectNoViolations(page, "media at 1440");

  await page.getByLabel("Images", { exact: true }).setInputFiles([
    { name: `jar-${run}.png`, mimeType: "image/png", buffer: await picture(hue, 1200, 900) },
    { name: `refill-${run}.png`, mimeType: "image/png", buffer: await picture((hue + 120) % 360, 800, 800) },
  ]);
  await expect(page.getByRole("list", { name: "Files to upload" }).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel(`Alt text for jar-${run}.png`).fill(`The glass jar, label facing, try ${run}`);
  await page.getByRole("button", { name: "Upload 2 images" }).click();
  // The second file has no alt text yet: nothing is sent, and its field says why and takes the focus.
  const refillAlt = page.getByLabel(`Alt text for refill-${run}.png`);
  await expect(refillAlt).toBeFocused();
  await expect(refillAlt).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "media with an alt text missing");
  await refillAlt.fill(`The refill pouch beside the jar, try ${run}`);
  await page.getByRole("button", { name: "Upload 2 images" }).click();
  await expect(page.getByRole("status").filter({ hasText: "stored in the library" })).toHaveText(/2 images stored in the library/);

  for (const alt of [`The glass jar, label facing, try ${run}`, `The refill pouch beside the jar, try ${run}`]) {
    const image = grid(page).getByRole("img", { name: alt });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/[0-9a-f]{64}\/\d+\.(avif|webp)$/);
  }
  await page.screenshot({ path: "test-results/console-media-1440.png", fullPage: true });

  // Without JavaScript: the plain form takes the file and one alt text.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  await plain.addCookies(await page.context().cookies());
  const noJs = await plain.newPage();
  await noJs.goto("/console/media");
  await noJs.getByLabel("Images", { exact: true }).setInputFiles([{ name: `plain-${run}.png`, mimeType: "image/png", buffer: await picture((hue + 240) % 360, 640, 480) }]);
  await noJs.getByLabel("Alt text for these images").fill(`A jar on a plain form, try ${run}`);
  await noJs.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(noJs.getByRole("list", { name: "Upload results" })).toContainText(`plain-${run}.png: stored.`);
  await expect(grid(noJs).getByRole("img", { name: `A jar on a plain form, try ${run}` })).toBeAttached();
  await plain.close();

  // The block editor's image fields pick from the library (ADR 0072): the home page's first poster takes the jar.
  const jarAlt = `The glass jar, label facing, try ${run}`;
  await page.goto("/console/content/home");
  await expect(page.locator("form[data-live-preview]")).toBeAttached();
  const poster = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /: Poster$/ }) }).last();
  await poster.getByRole("button", { name: /^(Choose|Change) image$/ }).first().click();
  const picker = page.getByRole("dialog", { name: /^Choose an image for/ });
  await expect(picker).toBeVisible();
  await expectNoViolations(page, "image picker at 1440");
  await picker.getByRole("button", { name: jarAlt }).click();
  await expect(picker).toBeHidden();
  // The preview draws the block's image from the library's renditions.
  const preview = page.frameLocator('iframe[title="Preview: Desktop, 1280 px"]').getByTestId("content-preview");
  await expect(preview.locator('img[src^="/media/"]').first()).toBeAttached();
  await expect(preview.locator('img[src^="/media/"]').first()).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\/\d+\.webp$/);
  await page.screenshot({ path: "test-results/console-media-picker-1440.png", fullPage: false });

  await page.goto("/console/media");
  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(grid(page).getByRole("img", { name: `A jar on a plain form, try ${run}` })).toBeVisible();
  await expectNoViolations(page, "media at 390");
  await page.screenshot({ path: "test-results/console-media-390.png", fullPage: true });
});
