import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";

/**
 * The console's Content section end to end (issue 17, docs/decisions/0041-console-content.md): an owner signs in with
 * TOTP, edits a block of the careers page, sees it in the live preview and in the plain-form preview (no JavaScript),
 * publishes, and the shop's page shows the new words at once; a publish over the newer version is refused. The editor is axe-clean at 1440 and 390.
 */

const PASSWORD = "a long console passphrase";

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A code works once: wait for the authenticator's next 30-second step after the one last used. */
async function nextCode(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / 30_000) <= after) await new Promise((r) => setTimeout(r, 500));
  return { code: await generate({ secret }), step: Math.floor(Date.now() / 30_000) };
}

/** A new owner per try (retry-safe): the setup link of `npm run console:owner`, then password and TOTP. */
async function signInNewOwner(page: Page) {
  const ownerEmail = uniqueEmail("content-owner");
  const { path } = await (await page.request.post("/__test/console-owner", { data: { email: ownerEmail } })).json();
  await page.setViewportSize(DESKTOP);
  await page.goto(path);
  const secret = (await page.getByLabel("Authenticator key").textContent())!.trim();
  await page.getByLabel("Password").fill(PASSWORD);
  const first = await nextCode(secret, 0);
  await page.getByLabel("Code your authenticator shows now").fill(first.code);
  await page.getByRole("button", { name: "Finish setup" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in\?ready=1/);
  const second = await nextCode(secret, first.step);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(second.code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
}

test("an owner edits a page block, previews it, publishes, and the shop page shows it live", async ({ page, browser }) => {
  test.setTimeout(240_000);
  // Words unique per try, so a retry never meets its first try's edit.
  const words = `We are hiring curious people, try ${Date.now().toString(36)}.`;
  await signInNewOwner(page);

  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  await expectNoViolations(page, "content list at 1440");
  await page.getByRole("link", { name: "Join Us" }).click();
  await expect(page.getByRole("heading", { name: "Edit page: Join Us" })).toBeVisible();
  await expect(page.locator("form[data-live-preview]")).toBeAttached();
  await expectNoViolations(page, "editor at 1440");

  // The first paragraph inside the first section: the live preview follows the typing.
  const field = page.locator("#cc-f-0-blocks-0-paragraph");
  await field.fill(`<p>${words}</p>`);
  const preview = page.getByTestId("content-preview");
  await expect(preview).toContainText(words);
  await expect(page.getByText("Your changes, not published yet.")).toBeVisible();

  // The same form without JavaScript: the Preview button posts it and the page comes back with the preview.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  await plain.addCookies(await page.context().cookies());
  const noJs = await plain.newPage();
  await noJs.goto(page.url());
  const plainWords = `${words} Without JavaScript.`;
  await noJs.locator("#cc-f-0-blocks-0-paragraph").fill(`<p>${plainWords}</p>`);
  await noJs.getByRole("button", { name: "Preview" }).click();
  await expect(noJs.getByTestId("content-preview")).toContainText(plainWords);
  await expect(noJs.locator("#cc-f-0-blocks-0-paragraph")).toHaveValue(`<p>${plainWords}</p>`);

  // The Preview button with JavaScript, then Publish.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview).toContainText(words);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toHaveText(/Published version \d+; the shop shows it now at \/join-us\//);
  await expect(page.getByRole("table", { name: "Versions" }).or(page.getByRole("region", { name: "Versions" }))).toContainText("content-owner");
  await page.screenshot({ path: "test-results/console-content-1440.png", fullPage: true });

  // The no-JavaScript editor still holds the version it opened: its publish is refused, saying why, its words kept.
  await noJs.getByRole("button", { name: "Publish" }).click();
  await expect(noJs.getByRole("status")).toHaveText(/Version \d+ of this page was published by content-owner-.* after you opened version \d+\. Nothing was published/);
  await expect(noJs.locator("#cc-f-0-blocks-0-paragraph")).toHaveValue(`<p>${plainWords}</p>`);
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
