import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * The operator console end to end (issue 17): the owner made by `npm run console:owner` finishes the setup link,
 * signs in with password and TOTP (codes computed here with otplib, like an authenticator app), finds an order,
 * marks it shipped, creates a coupon that a shopper then uses at checkout; the console is axe-clean at 1440 and 390,
 * and no shop page loads any of its code.
 */

test("no shop page loads the console's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" || r.url().endsWith(".css")) scripts.push(r.url());
  });
  for (const path of ["/", "/daily-synbiotic"]) {
    await page.goto(path);
    await expect(page.locator("[data-hydrated]")).toBeAttached();
  }
  expect(scripts.length).toBeGreaterThan(5);
  for (const url of new Set(scripts)) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toMatch(/Seed console|c-sign-in|console\.home|Mark shipped and email/);
  }
});

test("an owner sets up, signs in with TOTP, ships an order and creates a coupon a shopper uses", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const shopperEmail = uniqueEmail("console-buyer");
  const orderNumber = (await placeOrderByApi(page, shopperEmail)).number;
  // Unique per try: a retry must not meet the coupon its first try created.
  const couponCode = `E2E20${Date.now().toString(36).toUpperCase()}`;

  await signInNewOwner(page, { checkAxe: true });

  // Find the order by the shopper's email, then ship it.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Orders" }).click();
  await page.getByLabel("Find orders").fill(shopperEmail);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await page.getByLabel("Carrier").selectOption("ups");
  await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByRole("button", { name: "Mark shipped and email the customer" }).click();
  await expect(page.getByRole("status")).toHaveText(/Marked shipped with UPS/);
  await expect(page.getByRole("link", { name: "1Z999AA10123456784" })).toHaveAttribute("href", /ups\.com\/track\?tracknum=1Z999AA10123456784/);
  await expect(page.getByRole("cell", { name: `Your order ${orderNumber} is on its way` })).toBeVisible();
  await expectNoViolations(page, "order");
  await page.screenshot({ path: "test-results/console-order-1440.png", fullPage: true });

  // Create a coupon.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Coupons" }).click();
  await page.getByText("Create a coupon").click();
  await page.getByLabel("Code").fill(couponCode.toLowerCase());
  await page.getByLabel("Type").selectOption("percent");
  await page.getByLabel("Value").fill("20");
  await page.getByRole("button", { name: "Create coupon" }).click();
  await expect(page.getByRole("status")).toHaveText(`Coupon ${couponCode} created.`);
  await expectNoViolations(page, "coupons");

  // A shopper (another browser) uses it at checkout: $134.97 less 20% ($26.99) = $107.98.
  const shopper = await browser.newPage();
  await shopper.goto("/__baseline");
  await shopper.evaluate((code) => {
    localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk-3mo": 1 }));
    localStorage.setItem("seed_promoCode", JSON.stringify({ code, expirationDate: "2099-01-01T00:00:00Z" }));
  }, couponCode);
  await shopper.goto("/checkout");
  await expect(shopper.locator("[data-hydrated]")).toBeAttached();
  await expect(shopper.locator(".checkout-summary")).toContainText(couponCode);
  await expect(shopper.locator(".checkout-summary .cart-summary__row--total")).toHaveText(/\$107\.98/);
  await fillCheckout(shopper, { email: uniqueEmail("coupon-buyer"), card: "4242424242424242" });
  await shopper.getByRole("button", { name: /Place order/i }).click();
  await expect(shopper).toHaveURL(/\/thank-you$/);
  await shopper.close();

  await page.getByRole("link", { name: couponCode }).click();
  await expect(page.getByText("Redeemed 1 times.")).toBeVisible();

  // The record of it all.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Audit log" }).click();
  for (const action of ["orders.ship", "coupons.edit", "staff.sign-in"]) await expect(page.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();

  await page.goto(`/console/orders/${orderNumber}`);
  await page.screenshot({ path: "test-results/console-order-390.png", fullPage: true });

  // Signing out ends the session: the console sends the browser back to sign in.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in\?signed-out=1/);
  await page.goto("/console/orders");
  await expect(page).toHaveURL(/\/console\/sign-in\?next=/);
});

// The walk is its own test so that a slow axe run under load does not eat the flow's time.
test("every console page is axe-clean at 1440 and 390", async ({ page }) => {
  test.setTimeout(240_000);
  const orderNumber = (await placeOrderByApi(page, uniqueEmail("console-walk"))).number;
  await signInNewOwner(page, { checkAxe: false });
  // Every console page, axe-clean at both widths.
  const pages = ["/console", "/console/orders", `/console/orders/${orderNumber}`, "/console/customers", "/console/coupons", "/console/coupons/SAVE5", "/console/emails", "/console/flags", "/console/audit"];
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    for (const url of pages) {
      await page.goto(url);
      await expect(page.locator("#console-main h1")).toBeVisible();
      await expectNoViolations(page, `${url} at ${viewport.width}`);
    }
  }
});
