import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail, waitForEvent } from "./shell-fixtures";
import { fillCanadianContactAndAddress, fillCardAndCertify, fillCheckout, renewalConsent } from "./support/checkout-form";

/** Checkout end to end (SPEC.md sections 3, 5, 7, 8): server-priced summary, sandbox card, idempotent purchase, receipt. */

const CARD_OK = "4242424242424242";
const CARD_DECLINED = "4000000000000002";

async function seedCart(page: Page, cart: Record<string, number>, promo?: string): Promise<void> {
  await page.goto("/__baseline");
  await page.evaluate(
    ({ cart, promo }) => {
      localStorage.setItem("seed_cart_items", JSON.stringify(cart));
      if (promo) localStorage.setItem("seed_promoCode", JSON.stringify({ code: promo, expirationDate: "2099-01-01T00:00:00Z" }));
    },
    { cart, promo },
  );
}



const summaryTotal = (page: Page) => page.locator(".checkout-summary .cart-summary__row--total");
const cartOf = async (page: Page) => JSON.parse((await page.evaluate(() => localStorage.getItem("seed_cart_items"))) ?? "{}");

/** From the product page to checkout, as a shopper does it: 3-month plan, promo code in the cart, Checkout. */
async function shopToCheckout(page: Page): Promise<void> {
  await open(page, "/daily-synbiotic");
  await page.locator('.plan-option[data-product="syn-wk-3mo"]').click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: "Have a promo code?" }).click();
  await page.getByLabel("Promo code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".cart-summary__row--total")).toHaveText(/\$121\.47/);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

test("an anonymous shopper buys the 3-month plan with WELCOME10 and lands on the receipt", async ({ page }) => {
  await shopToCheckout(page);
  await expect(summaryTotal(page)).toHaveText(/\$121\.47/);
  await expect(page.locator(".checkout-summary")).toContainText("Promo code WELCOME10");
  // The sandbox has no wallets: no express checkout is shown, nothing pretends to be one (ADR 0044).
  await expect(page.locator("[data-express-pay]")).toHaveCount(0);
  await fillCheckout(page, { email: uniqueEmail("buy"), card: CARD_OK });
  await expect(page.getByRole("radio", { name: /Free standard shipping/ })).toBeChecked();

  const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
  const completed = waitForEvent(page, "Order Completed");
  await page.getByRole("button", { name: /Place order/ }).click();
  const request = await purchase;
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(request.postDataJSON()).toMatchObject({ items: { "syn-wk-3mo": 1 }, couponCodes: ["WELCOME10"], shippingMethod: "free_shipping", healthCertification: true, renewalConsent: true, payment: { token: expect.stringMatching(/^tok_/) } });
  expect(JSON.stringify(request.postDataJSON())).not.toContain(CARD_OK);

  await expect(page).toHaveURL(/\/thank-you$/);
  const receipt = page.locator("main");
  await expect(receipt.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(receipt).toContainText(/Order SD-\d+/);
  await expect(receipt.locator(".cart-summary__row--total")).toHaveText(/\$121\.47/);
  await expect(receipt.locator(".cart-summary__row--discount")).toHaveText(/Promo code WELCOME10\s*−\$13\.50/);
  await expect(receipt.locator(".cart-summary")).toContainText(/Shipping.*Free/s);
  // The network as people write it (the gateway answers "visa").
  await expect(receipt).toContainText("Visa ending in 4242");
  await expect(receipt).toContainText("12 Elm Street");
  await expect(receipt).toContainText("Next billing date");
  // Told after paying too (issue 34): when it should arrive, and the referral ask in place of the quiz banner.
  await expect(receipt.getByRole("heading", { name: "Estimated delivery" })).toBeVisible();
  await expect(receipt.getByRole("link", { name: "Get my referral link" })).toHaveAttribute("href", "/account/refer?traffic_source=thank_you");
  expect((await completed).properties).toMatchObject({ total: 121.47, currency: "USD", product_ids: ["syn-wk-3mo"] });
  expect(await cartOf(page)).toEqual({});
  expect(await page.evaluate(() => localStorage.getItem("seed_promoCode"))).toBeNull();
  await expect(page.getByRole("banner").getByRole("link", { name: "Buy Now" })).toBeVisible();
});

test("a declined card shows the decline, keeps the form and places no order", async ({ page }) => {
  await shopToCheckout(page);
  await fillCheckout(page, { email: uniqueEmail("decline"), card: CARD_DECLINED });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Card number")).toBeFocused();
  // Marked invalid, with the reason beside it and in view (the alert by Place order may be a screen away).
  await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#checkout-cardNumber-error")).toContainText("Your card was declined.");
  await expect(page.locator("#checkout-cardNumber-error")).toBeInViewport();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  expect(await cartOf(page)).toEqual({ "syn-wk-3mo": 1 });
  await open(page, "/thank-you");
  await expect(page.getByText("We could not find a recent order from this browser.")).toBeVisible();
});

test("what the shopper typed survives a reload and a trip to the cart, never the card; a placed order forgets it", async ({ page }) => {
  await seedCart(page, { "syn-gr": 1 });
  await open(page, "/checkout");
  const email = uniqueEmail("kept");
  await fillCheckout(page, { email, card: CARD_OK });
  await page.reload();
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("City")).toHaveValue("Portland");
  await expect(page.getByLabel("State")).toHaveValue("OR");
  await expect(page.getByLabel("Card number")).toHaveValue("");
  await expect(page.getByLabel(/I confirm I am 18 or older/)).not.toBeChecked();
  expect(await page.evaluate(() => sessionStorage.getItem("seed_checkout_fields"))).not.toContain("4242");
  await open(page, "/cart");
  await open(page, "/checkout");
  await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
  await fillCardAndCertify(page, CARD_OK);
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await page.evaluate(() => sessionStorage.getItem("seed_checkout_fields"))).toBeNull();
});

test("after a decline, another card on the same page places the order", async ({ page }) => {
  await seedCart(page, { "syn-gr": 1 });
  await open(page, "/checkout");
  await fillCheckout(page, { email: uniqueEmail("retry"), card: CARD_DECLINED });
  const keys: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/purchase") keys.push(r.headers()["idempotency-key"] ?? "");
  });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "declined" })).toBeVisible();
  await page.getByLabel("Card number").fill(CARD_OK);
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.locator("main")).toContainText("Gut Reset");
  expect(keys).toHaveLength(2);
});

test("one press places one order: the button is busy while the order goes through", async ({ page }) => {
  await seedCart(page, { "syn-gr": 2 });
  await open(page, "/checkout");
  await fillCheckout(page, { email: uniqueEmail("double"), card: CARD_OK });
  let purchases = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/purchase") purchases += 1;
  });
  const button = page.getByRole("button", { name: /Place order/ });
  await button.dblclick();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(purchases).toBe(1);
});

test("the same order again within a minute is refused with 'wait a minute'", async ({ page }) => {
  test.setTimeout(60_000); // two purchases through the whole checkout
  const email = uniqueEmail("dupe");
  await seedCart(page, { "syn-gr": 1 });
  await open(page, "/checkout");
  await fillCheckout(page, { email, card: CARD_OK });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await seedCart(page, { "syn-gr": 1 });
  await open(page, "/checkout");
  await fillCheckout(page, { email, card: CARD_OK });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please wait a minute before ordering again." })).toBeVisible();
});

test("fields are checked as the shopper leaves them and all at once on submit", async ({ page }) => {
  await seedCart(page, { "syn-wk": 1 });
  await open(page, "/checkout");
  const zip = page.getByLabel("ZIP code");
  await zip.fill("12");
  await zip.press("Tab");
  await expect(page.getByText("Please enter a valid ZIP code.")).toBeVisible();
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await zip.fill("97201");
  await expect(page.getByText("Please enter a valid ZIP code.")).toHaveCount(0);
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page.getByLabel("Email")).toBeFocused();
  for (const message of ["Kindly enter a valid email address.", "Please enter your first name.", "Please choose your state.", "Please enter a valid card number.", "Please confirm the health certification to continue."])
    await expect(page.getByText(message)).toBeVisible();
});

test("the summary follows the country: Canada gets its own method, a shipping fee and provinces", async ({ page }) => {
  await seedCart(page, { "syn-wk-3mo": 1 });
  await open(page, "/checkout");
  await expect(summaryTotal(page)).toHaveText(/\$134\.97/);
  const preview = page.waitForRequest((r) => r.url().includes("/purchase/preview/") && r.postDataJSON().country === "CA");
  await page.getByLabel("Country").selectOption("CA");
  await preview;
  await expect(page.getByRole("radio", { name: /Passport to Canada/ })).toBeChecked();
  await expect(page.getByLabel("Province")).toBeVisible();
  await expect(summaryTotal(page)).toHaveText(/\$144\.97/);
  await page.getByLabel("Country").selectOption("US");
  await page.getByRole("radio", { name: /Expedited/ }).check();
  await expect(summaryTotal(page)).toHaveText(/\$144\.92/);
});

test("a shopper in Canada buys VS-01 Refill, 3 months from its page, exempt from the international fee (ADR 0050)", async ({ page }) => {
  await open(page, "/vaginal-synbiotic?country=CA");
  // The starter kit stays US only; the 3-month refill is sold abroad, in US dollars for Canada.
  await expect(page.locator('.plan-option[data-product="vs-wk"]')).toHaveClass(/is-disabled/);
  await expect(page.locator('.plan-option[data-product="vs-rf-3mo"] .plan-option__amount')).toHaveText("US$107.97");
  await page.locator('.plan-option[data-product="vs-rf-3mo"]').click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "View cart" }).click();
  await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await fillCanadianContactAndAddress(page, uniqueEmail("canada"));
  await expect(page.getByRole("radio", { name: /Passport to Canada/ })).toBeChecked();
  await expect(page.locator(".checkout-summary")).toContainText(/Shipping\s*Passport to Canada[^$]*Free/);
  await expect(summaryTotal(page)).toHaveText(/\$107\.97/);
  await fillCardAndCertify(page, CARD_OK);
  const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
  await page.getByRole("button", { name: /Place order/ }).click();
  expect((await purchase).postDataJSON()).toMatchObject({ items: { "vs-rf-3mo": 1 }, shippingMethod: "passport_ddp_canada", shippingAddress: { country: "CA" } });
  await expect(page).toHaveURL(/\/thank-you$/);
  const receipt = page.locator("main");
  await expect(receipt.locator(".cart-summary__row--total")).toHaveText(/\$107\.97/);
  await expect(receipt.locator(".cart-summary")).toContainText(/Shipping.*Free/s);
});

test("checkout step events: Contact viewed on arrival, completed on leaving it filled in", async ({ page }) => {
  await seedCart(page, { "syn-wk": 1 });
  const viewed = waitForEvent(page, "Checkout Step Viewed");
  await open(page, "/checkout");
  expect((await viewed).properties).toMatchObject({ step: 1, step_name: "Contact" });
  const completed = waitForEvent(page, "Checkout Step Completed");
  await page.getByLabel("Email").fill(uniqueEmail("steps"));
  await page.getByLabel("Email").press("Tab");
  expect((await completed).properties).toMatchObject({ step: 1, step_name: "Contact" });
});

/** Presses Tab until the target has focus (a keyboard user reaching a field). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("could not reach the field with Tab");
}

test("the whole checkout works from the keyboard alone", async ({ page }) => {
  // Some hundred key presses, each waited on: on a loaded 2-core machine it took 24 s of the default 30.
  test.setTimeout(60_000);
  await seedCart(page, { "syn-wk-3mo": 1 }, "WELCOME10");
  await open(page, "/checkout");
  await expect(summaryTotal(page)).toHaveText(/\$121\.47/);
  const typeInto = async (label: string | RegExp, text: string) => {
    await tabTo(page, page.getByLabel(label, { exact: typeof label === "string" }));
    await page.keyboard.type(text);
  };
  await typeInto("Email", uniqueEmail("keys"));
  await typeInto("First name", "Ada");
  await typeInto("Last name", "Lovelace");
  await typeInto("Address", "12 Elm Street");
  await typeInto("City", "Portland");
  await tabTo(page, page.getByLabel("State", { exact: true }));
  await page.keyboard.type("Oregon");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("OR");
  await typeInto("ZIP code", "97201");
  await typeInto("Card number", CARD_OK);
  await typeInto("Expiry (MM / YY)", "1230");
  await typeInto("Security code (CVC)", "123");
  await typeInto("Name on card", "Ada Lovelace");
  await tabTo(page, page.getByLabel(/I confirm I am 18 or older/));
  await page.keyboard.press("Space");
  await tabTo(page, renewalConsent(page));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: /Place order/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.locator("main .cart-summary__row--total")).toHaveText(/\$121\.47/);
});

test("with an empty cart checkout says so and links to the shop", async ({ page }) => {
  await open(page, "/checkout");
  await expect(page.getByText("Your cart is empty, so there is nothing to check out yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop DS-01®" })).toBeVisible();
});

test("/thank-you without an order is friendly and links to the shop", async ({ page }) => {
  await open(page, "/thank-you");
  await expect(page.getByRole("heading", { name: "Thank you for stopping by" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop DS-01®" })).toBeVisible();
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`axe finds no violations on /checkout at ${viewport.width}, before and after a failed submit`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await seedCart(page, { "pds-wk": 1 }, "WELCOME10");
    await open(page, "/checkout");
    await expect(page.getByRole("radio", { name: /Free standard shipping/ })).toBeChecked();
    if (viewport.width < 960) await page.getByRole("button", { name: "Show order summary" }).click();
    await expect(summaryTotal(page)).toBeVisible();
    const fresh = await new AxeBuilder({ page }).analyze();
    expect(fresh.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(page.getByText("Please check the highlighted fields.")).toBeVisible();
    const errors = await new AxeBuilder({ page }).analyze();
    expect(errors.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
