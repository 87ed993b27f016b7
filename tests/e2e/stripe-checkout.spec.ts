import { rmSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "../../server/testing/stripe-stand-in";
import { DESKTOP, MOBILE, uniqueEmail, waitForEvent } from "./shell-fixtures";
import { startShop, stopShop, tempDataDir, waitReady, type ShopProcess } from "./support/shop-process";
import { certify, fillContactAndAddress } from "./support/checkout-form";

/**
 * Checkout with PAYMENT_PROVIDER=stripe (ADR 0019), end to end in Chromium: a shop of its own, pointed at the local
 * Stripe stand-in for both its API and Stripe.js, so the browser runs the production code path (Stripe.js's card
 * frame makes a PaymentMethod; the purchase authorizes it with manual capture). The suite's own server stays on the
 * sandbox (tests/e2e/checkout.spec.ts is unchanged).
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const CARD_OK = "4242424242424242";
const CARD_DECLINED = "4000000000000002";

let stripe: StripeStandIn;
let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stripe = await startStripeStandIn();
  // Next to the end-to-end server's port (E2E_PORT), so parallel runs of other worktrees do not collide.
  shop = await startShop({
    dataDir: tempDataDir("stripe"),
    port: Number(process.env.E2E_PORT ?? 3100) + 5,
    env: {
      JOBS: "inline",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_standin",
      STRIPE_WEBHOOK_SECRET: "whsec_test_standin",
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
      STRIPE_API_BASE: stripe.url,
      STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
    },
  });
  await waitReady(shop);
});

test.afterAll(async () => {
  if (shop) {
    await stopShop(shop);
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
  await stripe?.close();
});

/** A fresh browser on the Stripe shop, with cookies answered and a 3-month plan in the cart; watches Stripe.js loads. */
async function shopper(browser: Browser, viewport = DESKTOP, { measurement = false } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const stripeJsLoads: string[] = [];
  page.on("request", (r) => r.url().startsWith(`${stripe.url}/v3/stripe.js`) && stripeJsLoads.push(page.url()));
  await page.goto(`${shop.url}/__baseline`);
  await page.evaluate((measurement) => {
    localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk-3mo": 1 }));
    localStorage.setItem("seed_cookie_consent", JSON.stringify({ C0001: true, C0002: measurement, C0003: false, C0004: false, C0005: false }));
  }, measurement);
  return { context, page, stripeJsLoads };
}

async function openCheckout(page: Page): Promise<void> {
  await page.goto(`${shop.url}/checkout`);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

/** The Express Checkout Element's frame: the stand-in offers one wallet, a Google Pay style button. */
const expressFrame = (page: Page) => page.frameLocator('iframe[title="Secure express checkout frame"]');
const walletButton = (page: Page) => expressFrame(page).getByRole("button", { name: "Buy with GPay" });

/** The card frame Stripe.js mounted (on the stand-in's origin, as js.stripe.com's is in production). */
const cardFrame = (page: Page) => page.frameLocator('iframe[title="Secure card payment input frame"]');

/**
 * Before a mouse press in the wallet's frame: the shipping rates (above the wallet) and both of Stripe's frames in
 * place, and the wallet's frame on screen.
 */
async function walletOnScreen(page: Page): Promise<void> {
  await expect(page.getByRole("radio", { name: /Free standard shipping/ })).toBeVisible();
  await expect(cardFrame(page).getByLabel("Card number")).toBeVisible();
  // The frame scrolled on screen from the page first: Chromium does not render a frame of another origin while it is
  // off screen, so Playwright's checks inside it stall and a press scrolled to at the last moment may be lost.
  await page.locator('iframe[title="Secure express checkout frame"]').scrollIntoViewIfNeeded();
  await expect(walletButton(page)).toBeInViewport();
}

async function fillStripeCheckout(page: Page, { email, card }: { email: string; card: string }): Promise<void> {
  await fillContactAndAddress(page, email);
  const frame = cardFrame(page);
  await frame.getByLabel("Card number").fill(card);
  await frame.getByLabel("Expiry (MM / YY)").fill("12 / 30");
  await frame.getByLabel("Security code (CVC)").fill("123");
  await certify(page);
}

test("with Stripe, the card is typed in Stripe.js's frame and a subscription is bought end to end with 4242…", async ({ browser }) => {
  const { context, page, stripeJsLoads } = await shopper(browser);
  // The CSP lets the stand-in's Stripe.js run, frame and connect; the home page does not load Stripe.js at all.
  const csp = (await page.request.get(`${shop.url}/checkout`)).headers()["content-security-policy"] ?? "";
  for (const directive of ["script-src", "frame-src", "connect-src"]) expect(csp).toMatch(new RegExp(`${directive} [^;]*${stripe.url.replace(/\./g, "\\.")}`));
  await page.goto(`${shop.url}/`);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  expect(stripeJsLoads).toEqual([]);

  await openCheckout(page);
  await expect(cardFrame(page).getByLabel("Card number")).toBeVisible();
  expect(stripeJsLoads).toEqual([`${shop.url}/checkout`]);
  // The sandbox's card inputs are not on the page: the shop's origin never sees the number.
  await expect(page.locator("#checkout-cardName")).toHaveCount(0);
  await fillStripeCheckout(page, { email: uniqueEmail("stripe-buy"), card: CARD_OK });

  const paymentMethod = page.waitForRequest((r) => r.method() === "POST" && r.url() === `${stripe.url}/v1/payment_methods`);
  const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
  await page.getByRole("button", { name: /Place order/ }).click();
  expect((await paymentMethod).postData()).toContain(`card%5Bnumber%5D=${CARD_OK}`);
  const body = (await purchase).postDataJSON();
  expect(body).toMatchObject({ items: { "syn-wk-3mo": 1 }, payment: { token: expect.stringMatching(/^pm_/) } });
  expect(JSON.stringify(body)).not.toContain(CARD_OK);

  await expect(page).toHaveURL(/\/thank-you$/);
  const receipt = page.locator("main");
  await expect(receipt.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(receipt).toContainText("visa ending in 4242", { ignoreCase: true });
  await expect(receipt).toContainText("Next billing date");
  // Authorized with manual capture, then captured once the order was written; the card saved for renewals.
  const intent = [...stripe.intents.values()].find((pi) => pi.payment_method === body.payment.token);
  expect(intent).toMatchObject({ capture_method: "manual", status: "succeeded", customer: expect.stringMatching(/^cus_/) });
  await context.close();
});

test("with Stripe, 4000 0000 0000 0002 is declined in the shop's words and no order is placed; a bad number is caught in the frame", async ({ browser }) => {
  const { context, page } = await shopper(browser);
  await openCheckout(page);
  await fillStripeCheckout(page, { email: uniqueEmail("stripe-decline"), card: "4242424242424241" });
  await page.getByRole("button", { name: /Place order/ }).click();
  // Stripe.js refuses the number before anything is sent to the shop: shown under the card, in the shop's words.
  await expect(page.locator("#checkout-cardNumber-error")).toHaveText("Please enter a valid card number.");
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid card number." }).first()).toBeVisible();

  await cardFrame(page).getByLabel("Card number").fill(CARD_DECLINED);
  const purchase = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/purchase");
  await page.getByRole("button", { name: /Place order/ }).click();
  expect((await purchase).status()).toBe(402);
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined. Please check the card details or use another card." })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await context.close();
});

test("with Stripe, the express wallet button is measured, opens only once the form is right, and buys by keyboard", async ({ browser }) => {
  const { context, page } = await shopper(browser, DESKTOP, { measurement: true });
  const sent: { name: string; properties: Record<string, unknown> }[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/events") sent.push(...((r.postDataJSON()?.events ?? []) as typeof sent));
  });
  await openCheckout(page);
  await expect(page.getByRole("heading", { name: "Express checkout" })).toBeVisible();

  await walletOnScreen(page);
  // Pressed before the form is filled: the press is measured, the form says what is missing, the wallet stays shut.
  const clicked = waitForEvent(page, "Express Pay Clicked");
  await walletButton(page).click();
  expect((await clicked).properties).toEqual({ method: "google_pay", cart_id: expect.any(String) });
  await expect(page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." }).first()).toBeVisible();
  await expect(expressFrame(page).getByRole("dialog")).toBeHidden();

  await fillContactAndAddress(page, uniqueEmail("stripe-express"));
  await certify(page);
  // Keyboard only from here: Tab from the shipping method reaches the wallet button inside Stripe's frame.
  await page.getByRole("radio", { name: /Free standard shipping/ }).focus();
  await page.keyboard.press("Tab");
  await expect(walletButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
  const sheet = expressFrame(page).getByRole("dialog", { name: "Google Pay (test wallet)" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("$");
  await expect(expressFrame(page).getByRole("button", { name: "Pay", exact: true })).toBeFocused();

  const paymentMethod = page.waitForRequest((r) => r.method() === "POST" && r.url() === `${stripe.url}/v1/payment_methods`);
  const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
  const completed = waitForEvent(page, "Order Completed");
  await page.keyboard.press("Enter");
  expect((await paymentMethod).postData()).toContain("type=card");
  const body = (await purchase).postDataJSON();
  expect(body).toMatchObject({ items: { "syn-wk-3mo": 1 }, email: expect.stringContaining("stripe-express"), payment: { token: expect.stringMatching(/^pm_/) } });

  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.locator("main")).toContainText("visa ending in 4242", { ignoreCase: true });
  expect((await completed).properties).toMatchObject({ order_id: expect.any(String), currency: "USD" });
  const intent = [...stripe.intents.values()].find((pi) => pi.payment_method === body.payment.token);
  expect(intent).toMatchObject({ capture_method: "manual", status: "succeeded" });
  // The wallet was the way to pay: the catalogue's payment events name it, never "card".
  const named = (name: string) => sent.filter((e) => e.name === name).map((e) => e.properties.payment_method);
  expect(named("Payment Method Selected")).toEqual(["google_pay"]);
  expect(named("Payment Info Entered")).toEqual(["google_pay"]);
  expect(sent.filter((e) => e.name === "Express Pay Clicked")).toHaveLength(2);
  await context.close();
});

test("with Stripe and measurement refused, pressing the wallet button posts no event", async ({ browser }) => {
  const { context, page } = await shopper(browser);
  const events: string[] = [];
  page.on("request", (r) => new URL(r.url()).pathname === "/api/events" && events.push(r.postData() ?? ""));
  await openCheckout(page);
  await walletOnScreen(page);
  await walletButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." }).first()).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
  await page.waitForTimeout(1500);
  expect(events).toEqual([]);
  await context.close();
});

test("data-ape-cart (on by default) leads from the cart to checkout's wallet buttons; turned off, the cart has no such link", async ({ browser }) => {
  const { context, page } = await shopper(browser);
  await page.goto(`${shop.url}/cart`);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  const express = page.getByRole("main").getByRole("link", { name: "Express checkout with your wallet" });
  await expect(express).toBeVisible();
  await page.screenshot({ path: "test-results/stripe-cart-ape-1440.png" });
  await express.click();
  await expect(page).toHaveURL(/\/checkout#express-pay-title$/);
  await expect(walletButton(page)).toBeVisible();
  await context.addCookies([{ name: "seed_flags", value: "data-ape-cart=false", url: shop.url }]);
  await page.goto(`${shop.url}/cart`);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("main").getByRole("link", { name: "Checkout" })).toBeVisible();
  await expect(page.getByTestId("cart-express")).toHaveCount(0);
  await context.close();
});

test("with data-ape-checkout the wallet buttons lead the checkout, above Contact, and say the form below comes first", async ({ browser }) => {
  const { context, page } = await shopper(browser);
  await context.addCookies([{ name: "seed_flags", value: "data-ape-checkout=true", url: shop.url }]);
  await openCheckout(page);
  const form = page.getByRole("form", { name: "Checkout" });
  await expect(walletButton(page)).toBeVisible();
  await expect(form.locator("> *").first()).toHaveAttribute("data-express-pay", "top");
  await expect(form.locator("[data-express-pay]")).toHaveCount(1);
  await expect(page.locator("[data-express-pay]")).toContainText("once your contact details and address below are filled in");
  // Pressed before the form is filled: the same checks as before Payment, the wallet stays shut.
  await walletButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please check the highlighted fields." }).first()).toBeVisible();
  await expect(expressFrame(page).getByRole("dialog")).toBeHidden();
  await page.screenshot({ path: "test-results/stripe-checkout-ape-top-1440.png" });
  await context.close();
});

for (const [name, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test(`the Stripe checkout is axe-clean at ${name} wide, card and express frames included`, async ({ browser }) => {
    const { context, page } = await shopper(browser, viewport);
    await openCheckout(page);
    await expect(cardFrame(page).getByLabel("Card number")).toBeVisible();
    await expect(walletButton(page)).toBeVisible();
    await page.screenshot({ path: `test-results/stripe-checkout-${name}.png`, fullPage: true });
    await page.locator('[data-step="Payment"]').screenshot({ path: `test-results/stripe-checkout-card-${name}.png` });
    // Scrolled into view first: a frame of another origin is painted only once it is on screen.
    await page.locator('[data-step="Payment"]').scrollIntoViewIfNeeded();
    await expect(walletButton(page)).toBeInViewport();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/stripe-checkout-express-${name}.png` });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    // The card frame was checked too: nodes inside a frame carry the frame's selector first.
    expect(results.passes.some((rule) => rule.id === "label" && rule.nodes.some((node) => node.target.length > 1))).toBe(true);
    await context.close();
  });
}
