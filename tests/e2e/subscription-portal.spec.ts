import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, signIn, uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";
import { buyThroughApi as buy, newestEmailText } from "./support/journeys";

// The machine these run on is often loaded: allow hydration and server answers time, never sleep.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/** Opens a page and waits until React has hydrated the shell, so clicks reach their handlers. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

/** Screenshots of every portal page at both widths, to look at (test-results/portal-screens/). */
async function shot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/portal-screens/${name}-${width}.png`, fullPage: true });
}

/** Counts the clicks a person makes in this tab (trusted pointer clicks, kept across page loads). */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    document.addEventListener(
      "click",
      (e) => {
        if (e.isTrusted && e.detail > 0) sessionStorage.setItem("e2e_clicks", String(Number(sessionStorage.getItem("e2e_clicks") ?? "0") + 1));
      },
      true,
    );
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem("e2e_clicks") ?? "0"));
}
/** A second, signed-out visitor with the same cookie-consent choice (so the banner does not cover the page). */
async function signedOutVisitor(page: Page, browser: Browser, viewport: { width: number; height: number }) {
  const origins = (await page.context().storageState()).origins.map((o) => ({ ...o, localStorage: o.localStorage.filter((e) => e.name === "seed_cookie_consent") }));
  const context = await browser.newContext({ viewport, storageState: { cookies: [], origins } });
  return { context, visitor: await context.newPage() };
}

const resetClicks = (page: Page) => page.evaluate(() => sessionStorage.setItem("e2e_clicks", "0"));

/**
 * The subscription portal end to end (issue 13): a member runs a subscription from the account pages, and anyone
 * cancels from the footer link without signing in. Members buy through the real purchase API first.
 */
// SPEC.md section 8's success words: kept for a plan change, which does take effect on the next billing cycle.
const SUCCESS = "Success—your subscription details were updated and will take effect on your next billing cycle.";

async function member(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await buy(page, email);
  await signIn(page, { email, firstName: "Ada" });
  return email;
}

async function expectAxeClean(page: Page, name: string) {
  await shot(page, name);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const isoDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

test.describe("desktop, 1440 wide", () => {
  test.use({ viewport: DESKTOP });

  test("a member delays, picks a date, changes plan with a price preview, keeps the discount, cancels with a reason, reactivates and downloads an invoice", async ({ page }) => {
    await member(page, "portal");
    await open(page, "/account/subscriptions/");
    await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
    const card = page.getByRole("article", { name: "DS-01® Refill (monthly)" });
    await expect(card).toContainText("Next Shipment");
    await expect(card).toContainText("$49.99");
    await expectAxeClean(page, "subscriptions");

    const dateText = async () => (await card.locator(".portal__date strong").textContent()) ?? "";
    const before = await dateText();
    await card.getByRole("button", { name: "Delay One Month" }).click();
    // A date move says the new date (issue 34), not the plan change's "next billing cycle".
    await expect(page.locator("main").getByRole("status").filter({ hasText: "Delayed one month. Your next shipment is now on" })).toBeVisible();
    await expect.poll(dateText).not.toBe(before);

    const day = isoDay(20);
    await card.getByLabel("Select Next Date").fill(day);
    await card.getByRole("button", { name: "Reschedule My Shipment" }).click();
    const expected = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
    await expect.poll(dateText).toBe(expected);

    await card.getByRole("link", { name: "Change plan or quantity" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Change plan or quantity" })).toBeVisible();
    await page.getByLabel(/DS-01® Refill \(every 3 months\)/).check();
    await page.getByRole("button", { name: "Preview the new price" }).click();
    const preview = page.locator(".portal__preview");
    await expect(preview).toContainText("Your next charge after the change");
    await expect(preview).toContainText("$134.97");
    await expectAxeClean(page, "change-preview");
    await page.getByRole("button", { name: "Confirm change" }).click();
    await expect(page.locator("main").getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();

    await page.getByRole("link", { name: "Back to subscriptions" }).click();
    const changed = page.getByRole("article", { name: "DS-01® Refill (every 3 months)" });
    await changed.getByRole("link", { name: "Cancel subscription" }).click();
    await expect(page.getByText(/Your loyalty points expire on/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    await expectAxeClean(page, "cancel");
    await page.getByRole("button", { name: "Apply Discount & Keep Subscription" }).click();
    await expect(page.locator("main").getByRole("status")).toContainText("Your next shipment is 20% off.");
    await page.getByRole("link", { name: "Back to subscriptions" }).click();
    await expect(changed).toContainText("Your 20% discount");
    await expect(changed).toContainText("$107.98");

    await changed.getByRole("link", { name: "Cancel subscription" }).click();
    // The discount was used within 100 days: no second offer, but cancelling stays one click away.
    await expect(page.getByRole("button", { name: "Apply Discount & Keep Subscription" })).toHaveCount(0);
    await page.getByLabel("It costs too much").check();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription has been canceled." })).toBeVisible();
    await expect(page.locator("main").getByRole("status")).toContainText(/canceled on .* UTC/);
    await expectAxeClean(page, "canceled");

    await page.getByRole("button", { name: /Reactivate/ }).click();
    await expect(page.locator("main").getByRole("status")).toContainText("your subscription is active again");
    await expect(page.getByRole("article", { name: "DS-01® Refill (every 3 months)" })).toBeVisible();

    await open(page, "/account/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Order History" })).toBeVisible();
    for (const column of ["Order", "Date", "Products", "Quantity", "Amount", "Charge", "Invoice", "Tracking"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody")).toContainText("Visa ending in 4242");
    await expectAxeClean(page, "orders");
    await page.getByRole("link", { name: /View invoice/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    await expect(page.locator("main")).toContainText("Seed Shop Ltd.");
    await expect(page.locator("main")).toContainText("Tax");
    await expectAxeClean(page, "invoice");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^seed-invoice-SD-\d+\.pdf$/);
    const bytes = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
  });

  test("signed out: the footer link asks only for the email, and the emailed link cancels with one click", async ({ page, browser }) => {
    const email = uniqueEmail("footer");
    await buy(page, email);
    const { context: visitorContext, visitor } = await signedOutVisitor(page, browser, DESKTOP);
    await open(visitor, "/");
    await visitor.getByRole("contentinfo").getByRole("link", { name: "Cancel a subscription" }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: "Cancel a subscription" })).toBeVisible();
    await expectAxeClean(visitor, "cancel-signed-out");
    await visitor.locator("main").getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Email me a cancellation link" }).click();
    await expect(visitor.locator("main").getByRole("status")).toContainText("Check your inbox");

    const text = await newestEmailText(visitor, email, /cancel your Seed subscription/);
    const link = /http:\/\/127\.0\.0\.1:\d+\/cancel-subscription\/confirm\?token=\S+/.exec(text)?.[0];
    expect(link, "the email carries the one-click link").toBeTruthy();
    await open(visitor, new URL(link!).pathname + new URL(link!).search);
    await expect(visitor.getByText(email)).toBeVisible();
    await expectAxeClean(visitor, "cancel-link");
    await visitor.getByRole("button", { name: /Cancel DS-01/ }).click();
    await expect(visitor.locator("main").getByRole("status")).toContainText("Your subscription has been canceled.");
    const confirmation = await newestEmailText(visitor, email, /has been canceled/);
    expect(confirmation).toMatch(/on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
    await visitorContext.close();
  });

  test("cancelling from the account home takes no more clicks than buying from the product page took", async ({ page }) => {
    const clicks = await countClicks(page);
    const email = uniqueEmail("clicks");
    // The purchase, as a shopper makes it: plan, Add to cart, View cart, Checkout, the certification box, Place order.
    await open(page, "/daily-synbiotic");
    await resetClicks(page);
    await page.locator('.plan-option[data-product="syn-wk"]').click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await fillCheckout(page, { email, card: "4242424242424242" });
    await page.getByRole("button", { name: /Place order/ }).click();
    await expect(page).toHaveURL(/\/thank-you$/, { timeout: 60_000 });
    const buying = await clicks();

    await signIn(page, { email, firstName: "Ada" });
    await open(page, "/account/home");
    await resetClicks(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cancel a subscription" }).click();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription has been canceled." })).toBeVisible();
    const cancelling = await clicks();
    expect(cancelling).toBe(2);
    expect(buying).toBeGreaterThanOrEqual(5);
    expect(cancelling).toBeLessThanOrEqual(buying);
  });

  test("keyboard only: delay a shipment and cancel", async ({ page }) => {
    await member(page, "keys");
    await open(page, "/account/subscriptions/");
    const delay = page.getByRole("button", { name: "Delay Two Months" });
    await delay.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("main").getByRole("status").filter({ hasText: "Delayed two months. Your next shipment is now on" })).toBeVisible();
    const cancel = page.getByRole("link", { name: "Cancel subscription" });
    await cancel.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    // Tab from the reasons to the final button: every control on the way is reachable.
    await page.getByLabel("I'm traveling or taking a break").focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 30; i++) {
      if (await page.getByRole("button", { name: "Cancel subscription" }).evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription has been canceled." })).toBeVisible();
  });
});

test.describe("phone, 390 wide", () => {
  test.use({ viewport: MOBILE });

  test("every portal page is axe clean: subscriptions, change, cancel, canceled, orders, invoice, the signed-out form and link", async ({ page, browser }) => {
    const email = await member(page, "phone");
    await open(page, "/account/subscriptions/");
    await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
    await expectAxeClean(page, "subscriptions");
    await page.getByRole("link", { name: "Change plan or quantity" }).click();
    await page.getByLabel(/DS-01® Refill \(every 3 months\)/).check();
    await page.getByRole("button", { name: "Preview the new price" }).click();
    await expect(page.locator(".portal__preview")).toContainText("$134.97");
    await expectAxeClean(page, "change-preview");
    await open(page, "/account/subscriptions/");
    await page.getByRole("link", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
    await expectAxeClean(page, "cancel");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your subscription has been canceled." })).toBeVisible();
    await expectAxeClean(page, "canceled");
    await page.getByRole("button", { name: /Reactivate/ }).click();
    await expect(page.locator("main").getByRole("status")).toContainText("your subscription is active again");
    await open(page, "/account/orders");
    await expectAxeClean(page, "orders");
    await page.getByRole("link", { name: /View invoice/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Invoice" })).toBeVisible();
    await expectAxeClean(page, "invoice");

    const { context: visitorContext, visitor } = await signedOutVisitor(page, browser, MOBILE);
    await open(visitor, "/cancel-subscription");
    await expectAxeClean(visitor, "cancel-signed-out");
    await visitor.locator("main").getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Email me a cancellation link" }).click();
    await expect(visitor.locator("main").getByRole("status")).toContainText("Check your inbox");
    await expectAxeClean(visitor, "cancel-signed-out-sent");
    const text = await newestEmailText(visitor, email, /cancel your Seed subscription/);
    const link = new URL(/http:\/\/127\.0\.0\.1:\d+\/cancel-subscription\/confirm\?token=\S+/.exec(text)![0]);
    await open(visitor, link.pathname + link.search);
    await expect(visitor.getByText(email)).toBeVisible();
    await expectAxeClean(visitor, "cancel-link");
    await visitorContext.close();
  });

  test("a member with no subscription sees the spec's empty state", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("empty") });
    await open(page, "/account/subscriptions/");
    await expect(page.getByRole("heading", { name: "You do not have any active subscriptions." })).toBeVisible();
  });
});

test("signed out, account pages send the visitor to sign in and back", async ({ page }) => {
  const response = await page.request.get("/account/subscriptions/", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login?redirectTo=%2Faccount%2Fsubscriptions%2F");
});
