import { rmSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";
import { startShop, stopShop, tempDataDir, waitReady, type ShopProcess } from "./support/shop-process";

/**
 * After a few declines the server asks for a captcha and the checkout shows the security check (docs/decisions/0026).
 * The suite's server runs with limits off, so this test starts a shop of its own with the default limits on. Without
 * TURNSTILE_SITE_KEY the check is the shop's stand-in box (no Cloudflare here).
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const CARD_OK = "4242424242424242";
const CARD_DECLINED = "4000000000000002";

let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Next to the end-to-end server's port (E2E_PORT), so parallel runs of other worktrees do not collide.
  shop = await startShop({ dataDir: tempDataDir("captcha"), env: { RATE_LIMITS: "on", JOBS: "inline" }, port: Number(process.env.E2E_PORT ?? 3100) + 3 });
  await waitReady(shop);
});

test.afterAll(async () => {
  if (shop) {
    await stopShop(shop);
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
});

async function checkoutWithCart(page: Page): Promise<void> {
  await page.goto(`${shop.url}/__baseline`);
  await page.evaluate(() => {
    localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-gr": 1 }));
    localStorage.setItem("seed_cookie_consent", JSON.stringify({ C0001: true, C0002: false, C0003: false, C0004: false, C0005: false }));
  });
  await page.goto(`${shop.url}/checkout`);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

const placeOrder = (page: Page) => page.getByRole("button", { name: /Place order/ }).click();
/** Presses Place order and waits for the answer of the step named (the alert's words may be the same as the last try's). */
async function placeAndWait(page: Page, step: "tokenize" | "purchase"): Promise<number> {
  const path = step === "tokenize" ? "/api/payments/sandbox/tokenize" : "/api/purchase";
  const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === path), placeOrder(page)]);
  return response.status();
}
const alert = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

test("after two declines of one card the checkout shows the security check; ticked, the try goes through, and it is asked again for the next", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await checkoutWithCart(page);
  await fillCheckout(page, { email: uniqueEmail("captcha"), card: CARD_DECLINED });
  const check = page.getByRole("region", { name: "Security check" });

  for (let i = 0; i < 2; i++) {
    expect(await placeAndWait(page, "purchase")).toBe(402);
    await expect(alert(page, "Your card was declined.")).toBeVisible();
    await expect(check).toHaveCount(0);
  }

  // The third try with that card: the server asks, the page shows the check and says so.
  expect(await placeAndWait(page, "tokenize")).toBe(403);
  await expect(alert(page, "please complete the check above Place order")).toBeVisible();
  await expect(check).toBeVisible();
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/captcha-1440.png", fullPage: false });
  expect((await new AxeBuilder({ page }).include(".checkout-form").analyze()).violations).toEqual([]);

  // Place order without ticking: asked to complete it, nothing is sent.
  await placeOrder(page);
  await expect(alert(page, "Please complete the security check above Place order.")).toBeVisible();

  // Ticked: the try reaches the bank (declined again), and the box is cleared for the next try.
  const box = check.getByLabel("I am placing this order myself");
  await box.check();
  expect(await placeAndWait(page, "purchase")).toBe(402);
  await expect(alert(page, "Your card was declined.")).toBeVisible();
  await expect(box).not.toBeChecked();

  // Another card, with the check ticked: the order is placed.
  await page.getByLabel("Card number").fill(CARD_OK);
  await box.check();
  await placeOrder(page);
  await expect(page).toHaveURL(/\/thank-you$/);
  await context.close();
});

test("the security check at 390 wide: readable, axe clean", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await checkoutWithCart(page);
  // Another card (another expiry) and email: two declines, then the third try asks for the check.
  await fillCheckout(page, { email: uniqueEmail("captcha-mobile"), card: CARD_DECLINED });
  await page.getByLabel("Expiry (MM / YY)").fill("11 / 31");
  const check = page.getByRole("region", { name: "Security check" });
  for (let i = 0; i < 2; i++) {
    expect(await placeAndWait(page, "purchase")).toBe(402);
    await expect(check).toHaveCount(0);
  }
  expect(await placeAndWait(page, "tokenize")).toBe(403);
  await expect(check).toBeVisible();
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/captcha-390.png", fullPage: false });
  expect((await new AxeBuilder({ page }).include(".checkout-form").analyze()).violations).toEqual([]);
  await context.close();
});

