import { expect, test, type Page } from "@playwright/test";
import { open, signIn, uniqueEmail } from "../shell-fixtures";
import { buyThroughApi } from "../support/journeys";

/**
 * The cart drawer and the portal's words (issue 34, points 6 and 8; ADR 0062, 0064) as a newcomer meets them: the
 * cookie banner shown and never answered, at 1440 (first-visit-1440) and 390 (first-visit-390).
 */
test.describe.configure({ timeout: 90_000 });

const banner = (page: Page) => page.getByTestId("consent-banner");

test.afterEach(async ({ page }) => {
  expect(await page.evaluate(() => localStorage.getItem("seed_cookie_consent")), "the banner was never answered").toBeNull();
});

test("Add to cart opens the cart drawer with focus inside; Escape closes it and focus is back on Add to cart", async ({ page }) => {
  await open(page, "/daily-synbiotic");
  await expect(banner(page)).toBeVisible();
  await page.locator('.plan-option[data-product="syn-wk-3mo"]').click();
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("heading", { name: "Your cart" })).toBeFocused();
  await expect(drawer.locator('.cart-line[data-product="syn-wk-3mo"]')).toContainText("$134.97");
  await expect(drawer.getByRole("link", { name: "Checkout" })).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  await expect(banner(page)).toBeVisible();
});

test("a member's delay states the new date with Undo, and Undo puts the old date back", async ({ page }) => {
  const email = uniqueEmail("first-portal");
  await buyThroughApi(page, email);
  await signIn(page, { email, firstName: "Ada" });
  await open(page, "/account/subscriptions/");
  await expect(banner(page)).toBeVisible();

  const card = page.getByRole("article", { name: "DS-01® Refill (monthly)" });
  const status = page.locator("main").getByRole("status");
  const dateText = async () => (await card.locator(".portal__date strong").textContent()) ?? "";
  const before = await dateText();
  await card.getByRole("button", { name: "Delay One Month" }).click();
  await expect.poll(dateText).not.toBe(before);
  const after = await dateText();
  await expect(status).toContainText(`Delayed one month. Your next shipment is now on ${after} ($49.99). It was ${before}.`);

  await status.getByRole("button", { name: `Undo: back to ${before}` }).click();
  await expect.poll(dateText).toBe(before);
  await expect(status).toContainText(`Your next shipment is now on ${before}`);
});
