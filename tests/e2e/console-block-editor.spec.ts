import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import sharp from "sharp";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { CONSOLE_PASSWORD } from "./support/console";

/**
 * The block editor end to end (issue 36, docs/decisions/0072-block-editor-and-scheduled-publish.md): a member of
 * staff with the content role adds a heading and a poster to the SeedLabs page, uploads the poster's image from the
 * picker, writes rich text in the editor, reorders blocks with the buttons and with the keyboard, removes a block,
 * and schedules the publish; the shop's page changes only once the job runs past that time on the shop's clock
 * (a test hook runs it as if hours later). No HTML is typed. Axe-clean at 1440 and 390.
 */

/** A new member of staff of `role`, set up and signed in (password and authenticator codes, as a person would). */
async function signInNewStaff(page: Page, role: string): Promise<string> {
  const email = uniqueEmail(`${role}-editor`);
  const { path } = await (await page.request.post("/__test/console-staff", { data: { email, role } })).json();
  await page.setViewportSize(DESKTOP);
  await page.goto(path);
  const secret = (await page.getByLabel("Authenticator key").textContent())!.trim();
  await page.getByLabel("Password").fill(CONSOLE_PASSWORD);
  const step = Math.floor(Date.now() / 30_000);
  await page.getByLabel("Code your authenticator shows now").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Finish setup" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in\?ready=1/);
  // A code works once: sign in with the next one.
  while (Math.floor(Date.now() / 30_000) <= step) await page.waitForTimeout(500);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(CONSOLE_PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  return email;
}

const picture = (hue: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="hsl(${hue},45%,75%)"/><circle cx="600" cy="400" r="220" fill="hsl(${hue},50%,30%)"/></svg>`))
    .png()
    .toBuffer();

const cards = (page: Page) => page.getByRole("list", { name: "Blocks of the page" }).locator(":scope > li");
const card = (page: Page, name: RegExp) => cards(page).filter({ has: page.getByRole("heading", { name }) });

test("a content editor builds blocks with an uploaded poster image, schedules the publish, and the shop shows it once the time passes", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const heading = `Bees, coral and soil: news ${run}`;
  const alt = `A hive frame under the microscope, try ${run}`;
  await signInNewStaff(page, "content");
  await page.goto("/console/content/seedlabs");
  await expect(page.getByRole("heading", { name: "Edit page: SeedLabs" })).toBeVisible();
  await expect(page.locator("form[data-live-preview]")).toBeAttached();
  const desktop = page.frameLocator('iframe[title="Preview: Desktop, 1280 px"]').getByTestId("content-preview");
  const phone = page.frameLocator('iframe[title="Preview: Phone, 390 px"]').getByTestId("content-preview");
  await expect(desktop).toContainText("What SeedLabs does");
  await expect(cards(page)).toHaveCount(2);

  // Add a heading (the list's own add row, at the end of the page).
  await page.getByLabel("New block", { exact: true }).selectOption({ label: "Heading" });
  await page.getByRole("button", { name: "Add block" }).click();
  await card(page, /^Block 3: Heading$/).getByRole("textbox", { name: "Heading", exact: true }).fill(heading);
  await expect(desktop).toContainText(heading);
  await expect(phone).toContainText(heading);

  // Add a poster and upload its image from the picker.
  await page.getByLabel("New block", { exact: true }).selectOption({ label: "Poster" });
  await page.getByRole("button", { name: "Add block" }).click();
  const poster = card(page, /^Block 4: Poster$/);
  await poster.getByRole("button", { name: "Choose image" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an image for: Image" });
  await picker.getByLabel("Image file").setInputFiles({ name: `hive-${run}.png`, mimeType: "image/png", buffer: await picture(Date.now() % 360) });
  await picker.getByLabel("Its description (alt text)").fill(alt);
  await picker.getByRole("button", { name: "Upload and use" }).click();
  await expect(picker).toBeHidden();
  await expect(poster.getByRole("textbox", { name: "Image description (alt text)" })).toHaveValue(alt);
  await expect(desktop.getByRole("img", { name: alt })).toBeVisible();

  // Rich text through the editor's toolbar, no tags typed: a bold sentence in the poster's legend.
  const legend = poster.getByRole("textbox", { name: "Legend (optional)" });
  await legend.click();
  await poster.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(`Field trials begin in spring ${run}.`);
  await expect(desktop.locator("strong", { hasText: `Field trials begin in spring ${run}.` })).toBeVisible();

  // Reorder: the heading to the top with Move up; the poster up one place with the keyboard (its drag handle).
  await page.getByRole("button", { name: "Move up Block 3: Heading" }).click();
  await page.getByRole("button", { name: "Move up Block 2: Heading" }).click();
  await page.getByRole("button", { name: "Drag to reorder Block 4: Poster" }).focus();
  // dnd-kit's keyboard sensor: Space picks the block up, an arrow moves it over the block above, Space drops it.
  await page.keyboard.press("Space");
  await page.waitForTimeout(300);
  await page.keyboard.press("ArrowUp");
  await page.waitForTimeout(300);
  await page.keyboard.press("Space");
  await expect(page.getByRole("list", { name: "Blocks of the page" }).locator(":scope > li > .cc-block-head h3")).toHaveText(["Block 1: Heading", "Block 2: Section", "Block 3: Poster", "Block 4: Section"]);

  // Remove the last section ("Why a supplement company does this").
  await page.getByRole("button", { name: "Remove Block 4: Section" }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(desktop).not.toContainText("Why a supplement company does this");
  await expect(page.getByText("Your changes, not published yet.")).toBeVisible();
  await expectNoViolations(page, "block editor at 1440");
  await page.screenshot({ path: "test-results/console-block-editor-1440.png" });

  // Schedule the publish for the time the form offers (the next hour but one on the shop's clock).
  const at = await page.getByLabel("Or publish at (UTC, the shop's clock)").inputValue();
  await page.getByRole("button", { name: "Schedule publish" }).click();
  await expect(page.getByRole("status").first()).toHaveText(`Scheduled: this page will be published at ${at.replace("T", " ")} UTC on the shop's clock.`);
  await expect(page.getByRole("region", { name: "Scheduled publish" })).toContainText("This page will be published at");
  await expect(page.getByRole("button", { name: "Cancel the scheduled publish" })).toBeVisible();

  // Not yet: the shop still shows version 1, and the job run now publishes nothing.
  const visitor = await browser.newPage();
  expect(await (await page.request.post("/__test/content/publish-due", { data: { minutes: 0 } })).json()).toEqual({ published: 0, refused: 0 });
  await visitor.goto("/seedlabs");
  await expect(visitor.getByText("Why a supplement company does this")).toBeVisible();
  await expect(visitor.getByText(heading)).toHaveCount(0);

  // The shop's clock past the time: the job publishes it as a new version, and the page shows it.
  expect(await (await page.request.post("/__test/content/publish-due", { data: { minutes: 180 } })).json()).toEqual({ published: 1, refused: 0 });
  await visitor.goto("/seedlabs");
  await expect(visitor.getByRole("heading", { name: heading })).toBeVisible();
  await expect(visitor.getByRole("img", { name: alt })).toBeVisible();
  await expect(visitor.locator("strong", { hasText: `Field trials begin in spring ${run}.` })).toBeVisible();
  await expect(visitor.getByText("Why a supplement company does this")).toHaveCount(0);
  await visitor.close();

  await page.reload();
  await expect(page.getByText(/Live at \/seedlabs: version 2/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Scheduled publish" })).toContainText("published. Published as version 2.");

  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(page.locator("form[data-live-preview]")).toBeAttached();
  await expectNoViolations(page, "block editor at 390");
  await page.screenshot({ path: "test-results/console-block-editor-390.png" });
});
