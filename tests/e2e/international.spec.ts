import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, setPreviewFlags } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";

/**
 * Issue 34, points 13 and 12: a shopper abroad reads the currency and the shipping fee from the product page on, in the
 * amounts checkout's preview charges; each address field speaks their country; a refill says whom it is for.
 */

const FLAG_ON = "data-display-international-currency=true";
const GB_NOTE = "Shipping to the United Kingdom: you pay in pounds (£), shipping £10.";

/** The shopper's stored country choice (seed_country_code), as the country picker leaves it. */
async function shopFrom(context: BrowserContext, baseURL: string | undefined, country: string): Promise<void> {
  await context.addCookies([{ name: "seed_country_code", value: country, url: baseURL! }]);
}

/** "£44.99" as 4499 minor units. */
const minorUnits = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

/** Screenshots at both widths when INTL_SHOTS names a folder (to look at what was built); otherwise nothing. */
async function shoot(page: Page, name: string, subject?: Locator): Promise<void> {
  const dir = process.env.INTL_SHOTS;
  if (!dir) return;
  for (const [width, size] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    await page.setViewportSize(size);
    await subject?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

async function addChosenPlan(page: Page, code: string): Promise<void> {
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("seed_cart_items"))).toContain(code);
}

test.describe("a shopper in the United Kingdom, flag off (the default)", () => {
  test("reads currency and fee on the product page and the cart, and checkout's preview charges exactly that", async ({ page, context, baseURL }) => {
    test.slow(); // three pages, each checked by axe
    await shopFrom(context, baseURL, "GB");
    await open(page, "/daily-synbiotic");
    await expect(page.getByTestId("shipping-note")).toHaveText(GB_NOTE);
    await expect(page.locator(".plan-option__shipping")).toHaveCount(0);
    const shownPrice = minorUnits(await page.locator('.plan-option[data-product="syn-wk"] .plan-option__amount').innerText());
    await expect(page.locator('.plan-option[data-product="syn-wk"] .plan-option__amount')).toHaveText(/^£/);
    await expectNoViolations(page, "product page, GB");
    await shoot(page, "product-gb-flag-off");
    await addChosenPlan(page, "syn-wk");

    await open(page, "/cart");
    await expect(page.getByRole("main").getByTestId("shipping-note")).toHaveText(GB_NOTE);
    await expect(page.locator(".cart-summary")).toContainText(/Shipping\s*£10\.00/);
    await expectNoViolations(page, "cart, GB");
    await shoot(page, "cart-gb-flag-off", page.getByRole("main").getByTestId("shipping-note"));

    const preview = page.waitForResponse((r) => r.url().includes("/purchase/preview/") && r.request().postDataJSON()?.country === "GB");
    await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
    const charged = await (await preview).json();
    expect(charged.currency).toBe("GBP");
    expect(charged.shipping.amount).toBe(1000);
    expect(charged.lines.find((l: { productCode: string }) => l.productCode === "syn-wk").unitPrice).toBe(shownPrice);
    await expect(page.locator(".checkout-summary .cart-summary__row--total")).toHaveText(new RegExp(`£${((shownPrice + 1000) / 100).toFixed(2)}`));
  });

  test("a shopper in the US reads no note: dollars and free shipping are what they expect", async ({ page }) => {
    await open(page, "/daily-synbiotic?country=US");
    await expect(page.locator(".plan-option").first()).toBeVisible();
    await expect(page.getByTestId("shipping-note")).toHaveCount(0);
  });

  test("the note follows the plan: the 3-month VS-01 refill ships free to Canada", async ({ page, context, baseURL }) => {
    await shopFrom(context, baseURL, "CA");
    await open(page, "/vaginal-synbiotic");
    await expect(page.getByTestId("shipping-note")).toHaveText("Shipping to Canada: you pay in US dollars ($), shipping free.");
  });
});

test.describe("a shopper in the United Kingdom, flag on", () => {
  test("sees each plan's shipping beside its price, and the cart and drawer name the country on the Shipping row", async ({ page, context, baseURL }) => {
    test.slow(); // product page, drawer and cart, each checked by axe
    await setPreviewFlags(context, baseURL, FLAG_ON);
    await shopFrom(context, baseURL, "GB");
    await open(page, "/daily-synbiotic");
    await expect(page.getByTestId("shipping-note")).toHaveCount(0);
    await expect(page.locator('.plan-option[data-product="syn-wk"] .plan-option__shipping')).toHaveText("+ £10 shipping");
    await expect(page.locator('.plan-option[data-product="syn-wk-3mo"] .plan-option__amount')).toHaveText("£121.47");
    await expectNoViolations(page, "product page, GB, flag on");
    await shoot(page, "product-gb-flag-on");
    // Add to cart opens the cart drawer (ADR 0062).
    await addChosenPlan(page, "syn-wk");
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.locator(".cart-summary")).toContainText(/Shipping to the United Kingdom\s*£10\.00/);
    await expect(drawer.getByTestId("shipping-note")).toHaveCount(0);
    await shoot(page, "drawer-gb-flag-on");
    await page.keyboard.press("Escape");

    await open(page, "/cart");
    await expect(page.locator(".cart-summary")).toContainText(/Shipping to the United Kingdom\s*£10\.00/);
    await expectNoViolations(page, "cart, GB, flag on");
  });
});

test("a UK address asks for a postcode and a county, and a bad postcode is called a postcode", async ({ page, context, baseURL }) => {
  await shopFrom(context, baseURL, "GB");
  await page.goto("/__baseline");
  await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk": 1 })));
  await open(page, "/checkout");
  await expect(page.getByLabel("Country")).toHaveValue("GB");
  await expect(page.getByLabel(/^County/)).toBeVisible();
  const postcode = page.getByLabel("Postcode");
  await postcode.fill("12345");
  await postcode.press("Tab");
  await expect(page.getByText("Please enter a valid postcode.")).toBeVisible();
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/zip code/i)).toHaveCount(0);
  await shoot(page, "checkout-gb-postcode", postcode);
  await postcode.fill("SW1A 1AA");
  await postcode.press("Tab");
  await expect(page.getByText("Please enter a valid postcode.")).toHaveCount(0);
});

test.describe("refill plans say whom they are for", () => {
  test("the refill page and the cart say it is for someone with the jar and link to the starter kit", async ({ page }) => {
    test.slow(); // two pages checked by axe
    await open(page, "/daily-synbiotic-refill");
    await expect(page.locator('.plan-option[data-product="syn-rf"]')).toContainText("Refill only, no jar");
    const notice = page.getByTestId("refill-notice");
    await expect(notice).toContainText("This refill is for someone who already has the DS-01® glass jar from a starter kit");
    await expectNoViolations(page, "refill page");
    await shoot(page, "refill-page");
    await addChosenPlan(page, "syn-rf");
    await open(page, "/cart");
    const note = page.getByTestId("refill-line-note");
    await expect(note).toHaveText("Refill only, no jar: for the DS-01® jar you already have. New? See the starter kit");
    await expect(note.getByRole("link", { name: "New? See the starter kit" })).toHaveAttribute("href", "/daily-synbiotic#plans");
    await expectNoViolations(page, "cart with a refill");
    await shoot(page, "cart-refill", note);
    await open(page, "/daily-synbiotic-refill");
    await page.getByTestId("refill-notice").getByRole("link", { name: "Start with the DS-01® starter kit" }).click();
    await expect(page).toHaveURL(/\/daily-synbiotic#plans$/);
    await expect(page.locator('.plan-option[data-product="syn-wk"] input')).toBeChecked();
  });

  test("beside its starter, choosing a refill warns and one press picks the starter kit instead", async ({ page }) => {
    await open(page, "/vaginal-synbiotic");
    await expect(page.getByTestId("refill-notice")).toHaveCount(0);
    await page.locator('.plan-option[data-product="vs-rf-3mo"]').click();
    const notice = page.getByTestId("refill-notice");
    await expect(notice).toContainText("already has the VS-01™ glass jar");
    await shoot(page, "vaginal-refill-chosen", notice);
    await notice.getByRole("button", { name: "Choose the starter kit" }).click();
    await expect(page.locator('.plan-option[data-product="vs-wk"] input')).toBeChecked();
    await expect(page.getByTestId("refill-notice")).toHaveCount(0);
  });
});
