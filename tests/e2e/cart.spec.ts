import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, waitForEvent } from "./shell-fixtures";

/** The cart page and drawer (SPEC.md sections 2 and 4): rules through the UI, labels, upsell, promo code, links. */

const PROMO = (code: string) => JSON.stringify({ code, expirationDate: "2099-01-01T00:00:00Z" });

/** Opens a page once with storage set before any script runs (later navigations keep what the page changed). */
async function openWith(page: Page, path: string, storage: Record<string, string>): Promise<void> {
  await page.goto("/__baseline");
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await open(page, path);
}

const storedCart = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem("seed_cart_items"))) ?? "{}");
const line = (page: Page, code: string) => page.locator(`.cart-line[data-product="${code}"]`);

/** Opens the promo field inside `where` (the cart or checkout's order summary) and applies the code. */
async function applyPromo(where: Locator, code: string): Promise<void> {
  await where.getByRole("button", { name: "Have a promo code?" }).click();
  await where.getByLabel("Promo code", { exact: true }).fill(code);
  await where.getByRole("button", { name: "Apply" }).click();
}

test.describe("cart lines", () => {
  test("show the cart labels: product, price, quantity, remove, discount, promo code, total, free", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "pds-wk": 1 }), seed_promoCode: PROMO("WELCOME10") });
    const main = page.locator("main");
    await expect(line(page, "pds-wk")).toContainText("Discount");
    for (const label of ["Product", "Price", "Quantity", "Remove", "Discount", "Promo code", "Total", "Free"]) await expect(main).toContainText(label);
    // The free gift that comes with the pediatric kit says Free and has no controls.
    await expect(line(page, "pds-gwp")).toContainText("Free");
    await expect(line(page, "pds-gwp").getByRole("button")).toHaveCount(0);
    // $39.99 less 10% ($4.00) is $35.99; US shipping is free.
    await expect(page.locator(".cart-summary__row--total")).toHaveText(/Total\s*\$35\.99/);
  });

  test("+ adds one up to maxQuantity, − takes one off, and the header count follows", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "pds-wk": 1 }) });
    const more = page.getByRole("button", { name: /^Increase quantity of PDS-08/ });
    await more.click();
    await more.click();
    await expect(line(page, "pds-wk").locator(".qty__value")).toHaveText("3");
    await expect(more).toHaveAttribute("aria-disabled", "true");
    // Still focusable at the limit (so focus is not lost), it just adds nothing more.
    await more.press("Enter");
    expect(await storedCart(page)).toEqual({ "pds-wk": 3 });
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart, 3 items");
    await page.getByRole("button", { name: /^Decrease quantity of PDS-08/ }).click();
    expect(await storedCart(page)).toEqual({ "pds-wk": 2 });
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart, 2 items");
  });

  test("− at one removes the line, with a Product Removed event carrying the cart id and product", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-gr": 1, "pds-wk": 2 }) });
    const removed = waitForEvent(page, "Product Removed");
    await page.getByRole("button", { name: /^Remove Gut Reset/ }).first().click();
    const event = await removed;
    expect(event.properties).toMatchObject({ product_id: "syn-gr", price: 29.99, currency: "USD" });
    expect(event.properties.cart_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedCart(page)).toEqual({ "pds-wk": 2 });
    await expect(page.getByRole("heading", { name: "Your cart" })).toBeFocused();
  });

  test("Remove takes the whole line whatever its quantity", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-gr": 4 }) });
    await line(page, "syn-gr").getByRole("button", { name: "Remove Gut Reset", exact: false }).last().click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    expect(await storedCart(page)).toEqual({});
  });

  test("deleting a subscription line clears the promo code", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1, "syn-gr": 1 }), seed_promoCode: PROMO("WELCOME10") });
    await expect(page.locator(".promo-applied")).toContainText("WELCOME10");
    await line(page, "syn-gr").locator(".cart-line__remove").click();
    expect(await page.evaluate(() => localStorage.getItem("seed_promoCode"))).not.toBeNull();
    await line(page, "syn-wk-3mo").locator(".cart-line__remove").click();
    expect(await page.evaluate(() => localStorage.getItem("seed_promoCode"))).toBeNull();
  });

  test("a second subscription replaces the first", async ({ page }) => {
    await open(page, "/daily-synbiotic");
    for (const plan of ["syn-wk-3mo", "syn-wk-6mo"]) {
      await page.locator(`.plan-option[data-product="${plan}"]`).click();
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByRole("dialog", { name: "Your cart" }).getByRole("button", { name: "Continue shopping" }).click();
    }
    await open(page, "/cart");
    await expect(page.locator(".cart-line")).toHaveCount(1);
    await expect(line(page, "syn-wk-6mo")).toContainText("$254.94");
  });

  test("a line the shopper's country cannot have says so in the catalogue's words and blocks checkout", async ({ page }) => {
    await openWith(page, "/cart?country=DE", { seed_cart_items: JSON.stringify({ "vs-wk": 1, "syn-wk": 1 }) });
    await expect(page.locator('.cart-line--problem[data-product="vs-wk"]')).toContainText("The selected plan is not eligible in your country. Please contact care.");
    await expect(line(page, "syn-wk")).toContainText("49,99");
    await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  });

  test("Cart Viewed is sent on load with the cart id and products", async ({ page }) => {
    const viewed = waitForEvent(page, "Cart Viewed");
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
    expect((await viewed).properties).toMatchObject({ product_ids: ["syn-wk-3mo"], quantities: [1], value: 134.97, currency: "USD" });
  });

  test("Checkout sends Checkout Button Clicked and opens checkout", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
    const clicked = waitForEvent(page, "Checkout Button Clicked");
    await page.getByRole("link", { name: "Checkout" }).click();
    expect((await clicked).properties).toMatchObject({ product_ids: ["syn-wk-3mo"] });
    await expect(page).toHaveURL(/\/checkout$/);
  });
});

test.describe("upsell list", () => {
  test("offers daily, pediatric and vaginal in the US, and Add puts one in the cart", async ({ page }) => {
    await open(page, "/cart");
    const items = page.locator(".upsell__item");
    await expect(items).toHaveCount(3);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute("data-product")))).toEqual(["syn-wk", "pds-wk", "vs-wk"]);
    await expect(items.nth(2)).toContainText("$59.99, then $39.99 a month");
    await page.getByRole("button", { name: /^Add DS-01/ }).click();
    await expect(line(page, "syn-wk")).toBeVisible();
    // The cart now holds a subscription: no more upsell.
    await expect(page.locator(".upsell")).toHaveCount(0);
  });

  test("outside the US only what sells there is offered", async ({ page }) => {
    await open(page, "/cart?country=GB");
    await expect(page.locator(".upsell__item")).toHaveCount(1);
    await expect(page.locator(".upsell__item")).toContainText("£44.99");
  });

  test("the gut reset in the cart leaves the base products out", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-gr": 1 }) });
    await expect(line(page, "syn-gr")).toBeVisible();
    await expect(page.locator(".upsell")).toHaveCount(0);
  });
});

test.describe("cart links", () => {
  test("/cart?cart=syn-wk-3mo replaces the cart with that plan", async ({ page }) => {
    await openWith(page, "/cart?cart=syn-wk-3mo", { seed_cart_items: JSON.stringify({ "syn-gr": 2 }) });
    await expect(line(page, "syn-wk-3mo")).toBeVisible();
    await expect(page.locator(".cart-line")).toHaveCount(1);
    expect(await storedCart(page)).toEqual({ "syn-wk-3mo": 1 });
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("the 2020 gift link says the offer has ended and keeps the cart", async ({ page }) => {
    await openWith(page, "/cart?cart=syn-wk-gift-2020", { seed_cart_items: JSON.stringify({ "syn-gr": 2 }) });
    await expect(page.getByRole("status").filter({ hasText: "This gift offer has ended." })).toBeVisible();
    expect(await storedCart(page)).toEqual({ "syn-gr": 2 });
  });
});

test.describe("promo code field", () => {
  test("opens from its button (Promo Field Opened), refuses an unknown code, applies a good one", async ({ page }) => {
    await openWith(page, "/cart", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
    const opened = waitForEvent(page, "Promo Field Opened");
    await page.getByRole("button", { name: "Have a promo code?" }).click();
    expect((await opened).properties.cart_id).toMatch(/^[0-9a-f-]{36}$/);
    const field = page.getByLabel("Promo code");
    await expect(field).toBeFocused();
    await field.fill("NOPE123");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid promo code");
    expect(await page.evaluate(() => localStorage.getItem("seed_promoCode"))).toBeNull();
    await field.fill("welcome10");
    await page.keyboard.press("Enter");
    await expect(page.locator(".promo-applied")).toContainText("WELCOME10");
    await expect(page.locator(".cart-summary__row--discount")).toHaveText(/Promo code WELCOME10\s*−\$13\.50/);
    await expect(page.locator(".cart-summary__row--total")).toHaveText(/\$121\.47/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("seed_promoCode"))) ?? "{}").code).toBe("WELCOME10");
    await page.getByRole("button", { name: "Remove promo code WELCOME10" }).click();
    await expect(page.locator(".cart-summary__row--total")).toHaveText(/\$134\.97/);
  });

  test("a code that takes nothing off says why in the cart and at checkout, with no discount; a code that applies shows its discount", async ({ page }) => {
    // Two carts, each through the cart page and checkout: 27-32 s on a loaded 2-core machine, over the 30 s default.
    test.setTimeout(90_000);
    // The quote's reasons (domain/quote.ts PROMO_NOT_APPLIED): DS-01-25-OFF covers only DS-01 plans; SAVE5 is USD 5 off, this cart is in GBP.
    for (const { items, code, country, reason, discount } of [
      { items: { "pds-wk": 1 }, code: "DS-01-25-OFF", country: "US", reason: "This code does not apply to the items in your cart.", discount: /Promo code WELCOME10\s*−\$4\.00/ },
      { items: { "syn-wk-3mo": 1 }, code: "SAVE5", country: "GB", reason: "This code only works for orders paid in USD.", discount: /Promo code WELCOME10\s*−£\d+\.\d\d/ },
    ]) {
      await openWith(page, `/cart?country=${country}`, { seed_cart_items: JSON.stringify(items) });
      const cart = page.getByRole("main");
      await applyPromo(cart, code);
      // The code is kept (it is valid), but the cart says why it takes nothing off, and shows no discount.
      await expect(cart.getByRole("status").filter({ hasText: "Promo code" })).toContainText(code);
      await expect(cart.getByText(reason, { exact: true })).toBeVisible();
      await expect(cart.locator(".cart-summary__row--discount")).toHaveCount(0);
      await expect(cart.locator(".cart-summary")).not.toContainText("Promo code");

      // Checkout prices it on the server (purchase preview) and says the same.
      await open(page, `/checkout?country=${country}`);
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary.locator(".cart-summary__row--total")).toBeVisible();
      await expect(summary).toContainText(`Promo code ${code}`);
      await expect(summary.getByText(reason, { exact: true })).toBeVisible();
      await expect(summary.locator(".cart-summary__row--discount")).toHaveCount(0);
      await expect(summary.locator(".cart-summary")).not.toContainText("Promo code");

      // A code that does apply to the same cart shows its discount and no reason, at checkout and back in the cart.
      await summary.getByRole("button", { name: `Remove promo code ${code}` }).click();
      await applyPromo(summary, "WELCOME10");
      await expect(summary.locator(".cart-summary__row--discount")).toHaveText(discount);
      await expect(summary).not.toContainText(reason);
      await open(page, `/cart?country=${country}`);
      await expect(cart.locator(".cart-summary__row--discount")).toHaveText(discount);
      await expect(cart).not.toContainText(reason);
      await cart.getByRole("button", { name: "Remove promo code WELCOME10" }).click();
      await expect(cart.locator(".cart-summary__row--discount")).toHaveCount(0);
    }
  });

  test("DUO-10OFF on a cart without the duo says it does not apply to the items, at checkout and in the cart", async ({ page }) => {
    // The cart prices with every product's automatic coupons at hand (the duo's is DUO-10OFF); only this cart's own
    // automatic discount is "already applied" (it once said so here, wrongly).
    const reason = "This code does not apply to the items in your cart.";
    await openWith(page, "/checkout", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }), seed_promoCode: PROMO("DUO-10OFF") });
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.getByText(reason, { exact: true })).toBeVisible();
    await expect(summary.locator(".cart-summary__row--discount")).toHaveCount(0);
    await open(page, "/cart");
    const cart = page.getByRole("main");
    await expect(cart.locator(".cart-summary__row--total")).toHaveText(/\$134\.97/);
    await expect(cart.locator(".cart-summary__row--discount")).toHaveCount(0);
    await expect(cart.getByText(reason, { exact: true })).toBeVisible();
  });
});

test.describe("cart drawer", () => {
  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`Add to cart opens it with focus inside; Close, Escape and Continue shopping lead back to Add to cart (${label})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await open(page, "/daily-synbiotic");
      await page.locator('.plan-option[data-product="syn-wk-3mo"]').click();
      const add = page.getByRole("button", { name: "Add to cart" });
      await add.click();
      const drawer = page.getByRole("dialog", { name: "Your cart" });
      await expect(drawer.getByRole("heading", { name: "Your cart" })).toBeFocused();
      await expect(drawer.locator('.cart-line[data-product="syn-wk-3mo"]')).toContainText("$134.97");
      await expect(drawer.getByRole("link", { name: "Checkout" })).toBeInViewport();
      await expect(drawer.getByRole("button", { name: "Continue shopping" })).toBeInViewport();
      // The sandbox has no wallets, so data-ape-cart (on by default) points to none (ADR 0044, 0062).
      await expect(drawer.getByTestId("cart-express")).toHaveCount(0);
      await page.screenshot({ path: `test-results/cart-drawer-after-add-${label}.png` });
      const results = await new AxeBuilder({ page }).include('[data-drawer="cart"]').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

      await drawer.getByRole("button", { name: "Continue shopping" }).click();
      await expect(drawer).toBeHidden();
      await expect(add).toBeFocused();
      await expect(page).toHaveURL(/\/daily-synbiotic$/);

      await add.click();
      await expect(drawer.getByRole("heading", { name: "Your cart" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(add).toBeFocused();

      // Enter on a chosen plan sends the form too: focus still comes back to Add to cart, never to the radio.
      await page.locator('input[name="cart"][value="syn-wk"]').check();
      await page.keyboard.press("Enter");
      await expect(drawer.locator('.cart-line[data-product="syn-wk"]')).toBeVisible();
      await drawer.getByRole("button", { name: "Close cart" }).click();
      await expect(drawer).toBeHidden();
      await expect(add).toBeFocused();
      expect(await storedCart(page)).toEqual({ "syn-wk": 1 });
    });
  }

  test("the header's cart opens it by keyboard; Escape closes it and focus returns", async ({ page }) => {
    await openWith(page, "/daily-synbiotic", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
    const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
    await cart.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.cart-line[data-product="syn-wk-3mo"]')).toContainText("$134.97");
    await expect(drawer.getByRole("link", { name: "Checkout" })).toBeVisible();
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(cart).toBeFocused();
    await expect(page).toHaveURL(/\/daily-synbiotic$/);
  });

  test("closes on the overlay, and changes there reach the header count", async ({ page }) => {
    await openWith(page, "/daily-synbiotic", { seed_cart_items: JSON.stringify({ "syn-gr": 1 }) });
    await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByRole("button", { name: /^Increase quantity of Gut Reset/ }).click();
    await expect(drawer.locator(".qty__value")).toHaveText("2");
    await page.mouse.click(50, 450);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName("Cart, 2 items");
  });
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`axe finds no violations on /cart at ${viewport.width}, empty and full`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, "/cart");
    await expect(page.locator(".upsell__item").first()).toBeVisible();
    const empty = await new AxeBuilder({ page }).analyze();
    expect(empty.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "pds-wk": 1, "syn-gr": 2 })));
    await open(page, "/cart");
    await expect(page.locator(".cart-summary")).toBeVisible();
    const full = await new AxeBuilder({ page }).analyze();
    expect(full.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("axe finds no violations in the open cart drawer", async ({ page }) => {
  await openWith(page, "/daily-synbiotic", { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1 }) });
  await page.getByRole("banner").getByRole("link", { name: /^Cart/ }).click();
  await expect(page.getByRole("dialog").locator(".cart-summary")).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[data-drawer="cart"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
