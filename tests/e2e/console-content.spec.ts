import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { signInNewOwner } from "./support/console";

/**
 * The console's Content section end to end (issue 17, docs/decisions/0041-console-content.md): an owner signs in with
 * TOTP, edits the careers page's introduction (blocks: console-block-editor.spec.ts), sees it in the live preview and in the plain-form preview (no JavaScript),
 * publishes, and the shop's page shows the new words at once; a publish over the newer version is refused. The editor is axe-clean at 1440 and 390.
 */

test("an owner edits a page block, previews it, publishes, and the shop page shows it live", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Words unique per try, so a retry never meets its first try's edit.
  const words = `We are hiring curious people, try ${Date.now().toString(36)}.`;
  await signInNewOwner(page, { tag: "content-owner" });

  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  await expectNoViolations(page, "content list at 1440");
  await page.getByRole("link", { name: "Join Us" }).click();
  await expect(page.getByRole("heading", { name: "Edit page: Join Us" })).toBeVisible();
  await expect(page.locator("form[data-live-preview]")).toBeAttached();
  await expectNoViolations(page, "editor at 1440");

  // The page's introduction: the live preview (phone and desktop frames) follows the typing.
  const field = page.locator("#cc-intro");
  await field.fill(words);
  const preview = page.frameLocator('iframe[title="Preview: Desktop, 1280 px"]').getByTestId("content-preview");
  await expect(preview).toContainText(words);
  await expect(page.getByText("Your changes, not published yet.")).toBeVisible();

  // The same form without JavaScript: the Preview button posts it and the page comes back with the preview.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  await plain.addCookies(await page.context().cookies());
  const noJs = await plain.newPage();
  await noJs.goto(page.url());
  const plainWords = `${words} Without JavaScript.`;
  await noJs.locator("#cc-intro").fill(plainWords);
  await noJs.getByRole("button", { name: "Preview" }).click();
  await expect(noJs.getByTestId("content-preview").first()).toContainText(plainWords);
  await expect(noJs.locator("#cc-intro")).toHaveValue(plainWords);

  // The Preview button with JavaScript, then Publish.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview).toContainText(words);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").first()).toHaveText(/Published version \d+; the shop shows it now at \/join-us\//);
  await expect(page.getByRole("table", { name: "Versions" }).or(page.getByRole("region", { name: "Versions" }))).toContainText("content-owner");
  await page.screenshot({ path: "test-results/console-content-1440.png", fullPage: true });

  // The no-JavaScript editor still holds the version it opened: its publish is refused, saying why, its words kept.
  await noJs.getByRole("button", { name: "Publish now" }).click();
  await expect(noJs.getByRole("status").first()).toHaveText(/Version \d+ of this page was published by content-owner-.* after you opened version \d+\. Nothing was published/);
  await expect(noJs.locator("#cc-intro")).toHaveValue(plainWords);
  await plain.close();

  // The shop's page, as a visitor sees it.
  const visitor = await browser.newPage();
  await visitor.goto("/join-us/");
  await expect(visitor.getByText(words)).toBeVisible();
  await visitor.close();

  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Edit page: Join Us" })).toBeVisible();
  await expectNoViolations(page, "editor at 390");
  await page.screenshot({ path: "test-results/console-content-390.png", fullPage: true });
  await page.goto("/console/content");
  await expectNoViolations(page, "content list at 390");
});
