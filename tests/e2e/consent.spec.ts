import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import { STORAGE_CATEGORY } from "../../domain/storage-keys";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";

/**
 * Consent end to end (SPEC.md sections 3, 5, 7; ADR 0013): with consent refused nothing beyond strictly necessary
 * is stored or sent (read from the network log and storage); with consent given a purchase produces the catalogue's
 * events in order; Global Privacy Control keeps targeting off.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const NECESSARY = new Set(Object.entries(STORAGE_CATEGORY).filter(([, c]) => c === "C0001").map(([k]) => k));

interface Sent {
  name: string;
  properties: Record<string, unknown>;
  path?: string;
}

/** Every request the page makes, and the analytics events among them in the order they were sent. */
function networkLog(page: Page) {
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  const eventRequests = () => requests.filter((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/events");
  const events = (): Sent[] =>
    eventRequests().flatMap((r) => {
      try {
        return (JSON.parse(r.postData() ?? "{}") as { events?: Sent[] }).events ?? [];
      } catch {
        return [];
      }
    });
  return { requests, eventRequests, events };
}

async function storageOf(page: Page) {
  const local = await page.evaluate(() => Object.keys(localStorage));
  const session = await page.evaluate(() => Object.keys(sessionStorage));
  const cookies = (await page.context().cookies()).map((c) => c.name);
  return { local, session, cookies };
}

async function expectOnlyNecessaryStorage(page: Page) {
  const { local, session, cookies } = await storageOf(page);
  expect(local.filter((k) => !NECESSARY.has(k)), "local storage beyond strictly necessary").toEqual([]);
  expect(session.filter((k) => !NECESSARY.has(k)), "session storage beyond strictly necessary").toEqual([]);
  expect(cookies.filter((k) => !NECESSARY.has(k)), "cookies beyond strictly necessary").toEqual([]);
}

/** True when `names` appear in `events` in this order (other events may come between). */
function inOrder(events: Sent[], names: string[]): boolean {
  let i = 0;
  for (const e of events) if (e.name === names[i]) i++;
  return i === names.length;
}

async function addToCartAndOpenCart(page: Page) {
  await open(page, "/daily-synbiotic?utm_source=newsletter&utm_campaign=spring&fbclid=AbC123");
  await page.locator('.plan-option[data-product="syn-wk-3mo"]').click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

test("with consent refused, nothing beyond strictly necessary is stored or sent, before or after the choice", async ({ page, baseURL }) => {
  const log = networkLog(page);
  await open(page, "/");
  const banner = page.getByTestId("consent-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: "Your privacy choices" })).toBeVisible();

  // Shopping before choosing: events wait in memory, nothing is kept or sent.
  await addToCartAndOpenCart(page);
  await page.waitForTimeout(1500);
  expect(log.eventRequests(), "no analytics request before a choice").toEqual([]);
  await expectOnlyNecessaryStorage(page);

  await page.getByTestId("consent-banner").getByRole("button", { name: "Necessary Only" }).click();
  await expect(page.getByTestId("consent-banner")).toBeHidden();
  await page.getByRole("button", { name: "Have a promo code?" }).click();
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.waitForTimeout(1500);
  // Leaving the page would send beacons if anything were queued.
  await page.goto("/science");
  await page.waitForTimeout(500);

  expect(log.eventRequests(), "no analytics request after refusing").toEqual([]);
  const foreign = log.requests.filter((r) => new URL(r.url()).origin !== new URL(baseURL!).origin && !r.url().startsWith("data:"));
  expect(foreign.map((r) => r.url()), "no request to another site").toEqual([]);
  await expectOnlyNecessaryStorage(page);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("seed_cookie_consent")))!)).toEqual({ C0001: true, C0002: false, C0003: false, C0004: false, C0005: false });

  // The choice can be changed from the footer at any time; it opens with the stored choice.
  await page.getByRole("button", { name: "Cookie Preferences" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie Preferences" });
  await expect(dialog.getByRole("switch", { name: "Performance Cookies" })).not.toBeChecked();
  await dialog.getByRole("switch", { name: "Performance Cookies" }).click();
  await dialog.getByRole("button", { name: "Save Preferences" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Cookie Preferences" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie Preferences" }).getByRole("switch", { name: "Performance Cookies" })).toBeChecked();
});

test("with consent given, a purchase sends the catalogue's events in order with their properties", async ({ page }) => {
  const log = networkLog(page);
  await open(page, "/");
  await page.getByTestId("consent-banner").getByRole("button", { name: "Accept All" }).click();
  await addToCartAndOpenCart(page);
  await page.getByRole("button", { name: "Have a promo code?" }).click();
  await page.getByLabel("Promo code").fill("WELCOME10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".cart-summary__row--total")).toHaveText(/\$121\.47/);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await fillCheckout(page, { email: uniqueEmail("consent-buy"), card: "4242424242424242" });
  const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
  await page.getByRole("button", { name: /Place order/ }).click();
  // The campaign values of the landing page travel with the order.
  expect((await purchase).postDataJSON()).toMatchObject({
    attribution: { firstTouch: { utm_source: "newsletter", utm_campaign: "spring" }, lastTouch: { utm_source: "newsletter", utm_campaign: "spring" } },
    clickId: expect.stringMatching(/^fb\.\d+\.\d{13}\.AbC123$/),
  });
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect.poll(() => log.events().some((e) => e.name === "Order Completed"), { timeout: 10_000 }).toBe(true);

  const events = log.events();
  expect(
    inOrder(events, ["Page Viewed", "Product Added", "Cart Viewed", "Promo Field Opened", "Coupon Applied", "Checkout Button Clicked", "Checkout Step Viewed", "Checkout Step Completed", "Payment Info Entered", "Order Completed"]),
    events.map((e) => e.name).join(", "),
  ).toBe(true);
  const find = (name: string) => events.find((e) => e.name === name)!.properties;
  const cartId = find("Product Added").cart_id;
  expect(cartId).toEqual(expect.any(String));
  expect(find("Product Added")).toMatchObject({ product_id: "syn-wk-3mo", quantity: 1, price: 134.97, currency: "USD" });
  expect(find("Cart Viewed")).toMatchObject({ cart_id: cartId, product_ids: ["syn-wk-3mo"] });
  expect(find("Coupon Applied")).toMatchObject({ coupon_code: "WELCOME10", cart_id: cartId });
  expect(find("Checkout Step Viewed")).toMatchObject({ step: 1, step_name: "Contact" });
  expect(find("Order Completed")).toMatchObject({ order_id: expect.any(String), total: 121.47, currency: "USD", coupon_codes: ["WELCOME10"], product_ids: ["syn-wk-3mo"] });
  // The first page event waited for page performance.
  expect(events.find((e) => e.name === "Page Viewed")!.properties).toHaveProperty("load_time_ms");
  // Every event was accepted by the server (the catalogue and the browser agree).
  for (const r of log.eventRequests()) {
    const response = await r.response();
    if (response) expect(response.status(), r.postData() ?? "").toBe(202);
  }
  const { local } = await storageOf(page);
  expect(local).toEqual(expect.arrayContaining(["seed_anonymous_id", "seed_attribution", "seed_fbc"]));
});

test("Global Privacy Control on: targeting stays off, no click id is kept, no hash is sent", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Sec-GPC": "1" }, viewport: DESKTOP });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
  const page = await context.newPage();
  try {
    const log = networkLog(page);
    await signIn(page, { email: uniqueEmail("gpc") });
    await open(page, "/");
    await expect(page.getByTestId("consent-banner")).toContainText("Global Privacy Control signal is on");
    await page.getByTestId("consent-banner").getByRole("button", { name: "Accept All" }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("seed_cookie_consent")))!)).toMatchObject({ C0002: true, C0004: false, C0005: false });
    await addToCartAndOpenCart(page);
    await expect.poll(() => log.events().some((e) => e.name === "Product Added"), { timeout: 10_000 }).toBe(true);
    const added = log.events().find((e) => e.name === "Product Added")!;
    expect(added.properties).not.toHaveProperty("hashedEmail");
    const { local } = await storageOf(page);
    expect(local).not.toContain("seed_fbc");
    expect(local).toContain("seed_attribution");
    // The switch for targeting cannot be turned on while the signal is on.
    await open(page, "/science");
    await page.getByRole("button", { name: "Cookie Preferences" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie Preferences" }).getByRole("switch", { name: "Targeting Cookies" })).not.toBeChecked();
  } finally {
    await context.close();
  }
});

test("without GPC, a signed-in shopper who accepts all sends the email hash with cart events", async ({ page }) => {
  const log = networkLog(page);
  await signIn(page, { email: uniqueEmail("hash") });
  await open(page, "/");
  await page.getByTestId("consent-banner").getByRole("button", { name: "Accept All" }).click();
  await addToCartAndOpenCart(page);
  await expect.poll(() => log.events().some((e) => e.name === "Product Added"), { timeout: 10_000 }).toBe(true);
  expect(log.events().find((e) => e.name === "Product Added")!.properties.hashedEmail).toMatch(/^[0-9a-f]{64}$/);
});

for (const [label, viewport] of [["desktop", DESKTOP], ["mobile", MOBILE]] as const) {
  test(`the consent banner is accessible at ${label} width (axe)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await open(page, "/");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await page.screenshot({ path: `test-results/consent-banner-${label}.png` });
    const results = await new AxeBuilder({ page }).include('[data-testid="consent-banner"]').analyze();
    expect(results.violations).toEqual([]);
    // Keyboard: the banner's buttons are reachable and work.
    await page.getByTestId("consent-banner").getByRole("button", { name: "Accept All" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("consent-banner")).toBeHidden();
  });
}
