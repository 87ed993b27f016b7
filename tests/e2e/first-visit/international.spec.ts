import { expect, test } from "@playwright/test";
import { open } from "../shell-fixtures";

/**
 * Issue 34, points 13 and 12, as a newcomer meets them: a fresh browser that never answers the cookie banner, at 1440
 * (first-visit-1440) and 390 (first-visit-390). A shopper in the UK reads the currency and the fee before the cart; a
 * refill says whom it is for.
 */

test("a newcomer in the UK reads pounds and the £10 fee on the product page and in the cart", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "seed_country_code", value: "GB", url: baseURL! }]);
  await open(page, "/daily-synbiotic");
  const note = page.getByTestId("shipping-note");
  await note.scrollIntoViewIfNeeded();
  await expect(note).toBeVisible();
  await expect(note).toHaveText("Shipping to the United Kingdom: you pay in pounds (£), shipping £10.");
  await expect(page.locator('.plan-option[data-product="syn-wk"] .plan-option__amount')).toHaveText("£44.99");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("seed_cart_items"))).toContain("syn-wk");
  await open(page, "/cart");
  await expect(page.getByRole("main").getByTestId("shipping-note")).toHaveText(/you pay in pounds \(£\), shipping £10\./);
  await expect(page.locator(".cart-summary__row--total")).toHaveText(/£54\.99/);
  expect(await page.evaluate(() => localStorage.getItem("seed_cookie_consent")), "the banner was never answered").toBeNull();
});

test("a newcomer on the refill page reads that it is for the jar they already have", async ({ page }) => {
  await open(page, "/daily-synbiotic-refill");
  const notice = page.getByTestId("refill-notice");
  await notice.scrollIntoViewIfNeeded();
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Start with the DS-01® starter kit" })).toBeVisible();
});
