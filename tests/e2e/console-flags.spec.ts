import { expect, test, type Browser, type Page } from "@playwright/test";
import { open, seedStorage, uniqueEmail } from "./shell-fixtures";
import { signInNewOwner } from "./support/console";
import { fillCheckout } from "./support/checkout-form";

/**
 * The operator switches a flag for every visitor on the console's flags page (ADR 0062). This changes what every
 * shopper sees, so it runs in the shop-wide project, alone after the other specs, and turns the flag off again.
 * The flag here moves money (the surprise discount): the cart, checkout's preview and the order agree on it.
 */

async function setFlag(page: Page, name: string, on: boolean) {
  await page.goto("/console/flags");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  const button = row.getByRole("button", { name: `Turn ${name} ${on ? "on" : "off"}` });
  if (await button.isVisible()) {
    await button.click();
    await expect(page.getByText(`${name} is now ${on ? "on" : "off"} for every visitor.`)).toBeVisible();
  }
  return row;
}

async function shopper(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: test.info().project.use.storageState as never });
  const page = await context.newPage();
  await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
  return { context, page };
}

test("the operator turns the surprise discount on: the cart, checkout and the order take 5% off alike; off again, nobody gets it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInNewOwner(page, { tag: "flags-owner" });
  const row = await setFlag(page, "data-discount-surprise-delight-test", true);
  await expect(row).toContainText("never: moves money");
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "data-cart-redesign-variant-1", exact: true }) })).toContainText("cart_redesign: variant_1");

  try {
    const { context, page: shop } = await shopper(browser);
    // Pages pick an operator's change up within 5 seconds (the flag cache).
    await expect(async () => {
      await open(shop, "/cart");
      await expect(shop.getByRole("main").locator(".cart-summary")).toContainText("A surprise from us: 5% off", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // $134.97 less 5% ($6.75).
    await expect(shop.getByRole("main").locator(".cart-summary__row--total")).toContainText("$128.22");
    await shop.getByRole("main").getByRole("link", { name: "Checkout" }).click();
    await expect(shop).toHaveURL(/\/checkout$/);
    const summary = shop.getByRole("complementary", { name: "Order summary" });
    await expect(summary.locator(".cart-summary__row--total")).toContainText("$128.22");
    await fillCheckout(shop, { email: uniqueEmail("surprise"), card: "4242424242424242" });
    await shop.getByRole("button", { name: /Place order/ }).click();
    await expect(shop).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
    await expect(shop.locator("main .cart-summary__row--total")).toContainText("$128.22");
    await context.close();
  } finally {
    await setFlag(page, "data-discount-surprise-delight-test", false);
  }

  const { context, page: later } = await shopper(browser);
  await expect(async () => {
    await open(later, "/cart");
    await expect(later.getByRole("main").locator(".cart-summary__row--total")).toContainText("$134.97", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(later.getByRole("main").locator(".cart-summary")).not.toContainText("surprise");
  await context.close();
});
