import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";

/**
 * Member credit on a checkout order (issue 16, ADR 0040): a signed-in member with $25 of credit (a referral reward,
 * granted through a test hook) sees it taken off in the checkout summary, on the receipt and on the invoice. The
 * 3-month DS-01 plan is $134.97 with free shipping, so $109.97 after the credit.
 */

async function memberWithCredit(page: Page, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signIn(page, { email, firstName: "Ann" });
  const granted = await page.request.post("/__test/loyalty/grant-credit", { data: { email, amount: 2500, currency: "USD" } });
  expect(await granted.json()).toEqual({ granted: true });
  await page.goto("/__baseline");
  await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk-3mo": 1 })));
  return email;
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("desktop, 1440 wide", () => {
  test.use({ viewport: DESKTOP });

  test("the member's $25 credit comes off the order: checkout summary, receipt and invoice", async ({ page }) => {
    test.setTimeout(240_000);
    const email = await memberWithCredit(page, "credit-checkout");
    await open(page, "/checkout");
    const summary = page.locator(".checkout-summary");
    await expect(summary.getByTestId("credit-applied")).toHaveText(/Account credit.*−\$25\.00/s);
    await expect(summary.locator(".cart-summary__row--total")).toHaveText(/\$109\.97/);
    await expect(page.getByRole("button", { name: /Place order/ })).toContainText("$109.97");
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/credit-checkout-1440.png", fullPage: true });

    await fillCheckout(page, { email, card: "4242424242424242" });
    const purchase = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase");
    await page.getByRole("button", { name: /Place order/ }).click();
    // The browser sends no amount: the server finds the credit itself.
    const sent = (await purchase).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(sent).filter((k) => /credit|total|amount/i.test(k))).toEqual([]);
    expect(JSON.stringify({ ...sent, email: "" })).not.toMatch(/2500|109\.?97/);
    await expect(page).toHaveURL(/\/thank-you$/);
    const receipt = page.locator("main");
    await expect(receipt.getByTestId("credit-applied")).toHaveText(/Account credit.*−\$25\.00/s);
    await expect(receipt.locator(".cart-summary__row--total")).toHaveText(/\$109\.97/);
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/credit-receipt-1440.png", fullPage: true });

    await open(page, "/account/orders");
    await page.getByRole("link", { name: /invoice/i }).first().click();
    await expect(page.getByText("Account credit (referral rewards and points)")).toBeVisible();
    await expect(page.getByText("-$25.00")).toBeVisible();
    await expect(page.getByText("$109.97").first()).toBeVisible();
    await page.screenshot({ path: "test-results/credit-invoice-1440.png", fullPage: true });

    // Spent once: the next checkout is at full price.
    await page.goto("/__baseline");
    await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk-3mo": 1 })));
    await open(page, "/checkout");
    await expect(page.locator(".checkout-summary .cart-summary__row--total")).toHaveText(/\$134\.97/);
    await expect(page.locator(".checkout-summary").getByTestId("credit-applied")).toHaveCount(0);
  });
});

test.describe("phone, 390 wide", () => {
  test.use({ viewport: MOBILE });

  test("the folded summary shows the total after credit, and the credit line when opened", async ({ page }) => {
    test.setTimeout(180_000);
    await memberWithCredit(page, "credit-phone");
    await open(page, "/checkout");
    const toggle = page.getByRole("button", { name: "Show order summary" });
    await expect(toggle).toContainText("$109.97");
    await toggle.click();
    await expect(page.locator(".checkout-summary").getByTestId("credit-applied")).toHaveText(/Account credit.*−\$25\.00/s);
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/credit-checkout-390.png", fullPage: true });
  });
});
