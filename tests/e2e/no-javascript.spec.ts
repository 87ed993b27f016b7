import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";

// Issue 14, part B: what works before JavaScript (header menus, hamburger, /cart, checkout's explanation), and the
// product facts that follow the plan chosen. Screenshots at 1440 and 390 land in test-results/nojs-*.png.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/nojs-${name}.png`, fullPage: true });

/**
 * "Before JavaScript loads": the page's scripts never arrive, so the server's HTML is all there is. (Chromium with
 * JavaScript switched off behaves the same for these pages, but axe needs scripts of its own to run.)
 */
async function withoutScripts(page: Page) {
  await page.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
}

test.describe("before JavaScript loads", () => {
  test.beforeEach(async ({ page }) => withoutScripts(page));

  test("desktop: Shop, Science and Cultured open as disclosures of plain links", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Science" }).click();
    await expect(nav.getByRole("link", { name: "Our Scientists" })).toHaveAttribute("href", "/approach#scientists");
    await nav.locator("summary", { hasText: "Shop" }).click();
    // One open at a time (details name="main-nav").
    await expect(nav.getByRole("link", { name: "Our Scientists" })).toBeHidden();
    for (const name of ["DS-01® Daily Synbiotic", "DS-01® Refill", "PDS-08® Pediatric Daily Synbiotic", "Gut Reset", "VS-01™ Vaginal Synbiotic"]) {
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await shot(page, "menu-shop-1440");
    await expectNoViolations(page);
    await nav.getByRole("link", { name: /^Gut Reset/ }).click();
    await expect(page).toHaveURL(/\/gut-reset$/);
  });

  test("phone: the hamburger opens the drawer's sections in place, Shop first", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    const hamburger = page.getByRole("banner").getByLabel("Open menu");
    await hamburger.click();
    const panel = page.locator(".hamburger-panel");
    await expect(panel.getByRole("link", { name: /^DS-01® Refill/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Login" })).toBeVisible();
    await panel.locator("summary", { hasText: "Cultured" }).click();
    await shot(page, "hamburger-390");
    await expectNoViolations(page);
    await panel.getByRole("link", { name: "All Articles" }).click();
    await expect(page).toHaveURL(/\/cultured\/?$/);
  });

  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`/cart renders from the cookie and its buttons change it (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/gut-reset");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(/\/cart\?cart=syn-gr$/);
      const line = () => page.locator('.cart-line[data-product="syn-gr"]');
      await expect(line()).toContainText("Gut Reset");
      await expect(page.getByText("Loading your cart…")).toHaveCount(0);

      await line().getByRole("button", { name: "Increase quantity of Gut Reset" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(line().locator(".qty__value")).toHaveText("2");
      await shot(page, `cart-${label}`);
      await expectNoViolations(page);

      await line().getByRole("button", { name: "Decrease quantity of Gut Reset" }).click();
      await expect(line().locator(".qty__value")).toHaveText("1");
      await line().getByRole("button", { name: "Remove Gut Reset" }).first().click();
      await expect(page.getByText("Your cart is empty.")).toBeVisible();
    });
  }

  test("a cart form post the cart does not understand is a 400, not a 500", async ({ page, baseURL }) => {
    const origin = { Origin: baseURL ?? "" };
    expect((await page.request.post("/cart", { form: { intent: "explode:syn-wk" }, headers: origin })).status()).toBe(400);
    expect((await page.request.post("/cart", { form: { intent: "increase:no-such" }, headers: origin })).status()).toBe(400);
  });
});

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`checkout says why it needs JavaScript and what to do (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/cart?cart=syn-gr");
      await expect(page.locator('.cart-line[data-product="syn-gr"]')).toContainText("Gut Reset");
      await page.getByRole("link", { name: "Checkout" }).click();
      await expect(page.getByRole("heading", { name: "Checkout needs JavaScript" })).toBeVisible();
      await expect(page.getByText("Loading your cart…")).toBeHidden();
      await expect(page.getByRole("link", { name: "care@seed.example" })).toHaveAttribute("href", "mailto:care@seed.example");
      await shot(page, `checkout-${label}`);
      await page.getByRole("link", { name: "review your cart" }).click();
      await expect(page.locator('.cart-line[data-product="syn-gr"]')).toContainText("Gut Reset");
    });
  }
});

test.describe("with JavaScript, the product facts follow the plan", () => {
  test("What's inside follows the chosen plan on the daily page", async ({ page }) => {
    await open(page, "/daily-synbiotic");
    const inside = page.locator(".product-details");
    await expect(inside).toContainText("60 capsules");
    await expect(inside).toContainText("30 days");
    await page.locator('.plan-option[data-product="syn-wk-3mo"]').click();
    await expect(inside).toContainText("180 capsules");
    await expect(inside).toContainText("90 days");
    await expect(inside).toContainText("Every 3 months");
    await page.locator('.plan-option[data-product="syn-wk-6mo"]').click();
    await expect(inside).toContainText("360 capsules");
  });

  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`pediatric page at ${label}: sachets, axe clean`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, "/pds-3f9a7c");
      await expect(page.locator(".product-details")).toContainText("30 sachets");
      await shot(page, `pediatric-${label}`);
      await expectNoViolations(page);
    });

    test(`vaginal page at ${label}: sells vs-rf-3mo, axe clean`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, "/vaginal-synbiotic");
      const refill3 = page.locator('.plan-option[data-product="vs-rf-3mo"]');
      await expect(refill3).toContainText("Every 3 months");
      await refill3.click();
      await expect(page.locator(".product-details")).toContainText("90 capsules");
      await shot(page, `vaginal-${label}`);
      await expectNoViolations(page);
    });

    test(`partner page at ${label}: the partner plan group, axe clean`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, "/seeduniversity");
      const plans = page.getByRole("region", { name: "Partner plans" });
      for (const code of ["syn-wk", "syn-rf", "vs-wk", "pds-wk", "pds-rf"]) await expect(plans.locator(`.plan-option[data-product="${code}"]`)).toBeVisible();
      await shot(page, `seeduniversity-${label}`);
      await expectNoViolations(page);
    });
  }

  test("a pediatric-only checkout asks about the child, not pregnancy", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("seed_cart_items", JSON.stringify({ "pds-wk": 1 })));
    await open(page, "/checkout");
    const certify = page.locator('[data-field="healthCertification"]');
    await expect(certify).toContainText("parent or legal guardian");
    await expect(certify).not.toContainText("pregnant");
  });
});
