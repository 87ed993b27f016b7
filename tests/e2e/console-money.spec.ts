import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";

/**
 * The console's refunds and subscription actions end to end (issue 17): an owner refunds part of an order, then the
 * rest; pauses the shopper's subscription with a reason; reads the dashboard. axe-clean at 1440 and 390.
 */

const PASSWORD = "a long console passphrase";

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function nextCode(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / 30_000) <= after) await new Promise((r) => setTimeout(r, 500));
  return { code: await generate({ secret }), step: Math.floor(Date.now() / 30_000) };
}

async function placeOrderByApi(page: Page, email: string): Promise<{ number: string; total: number }> {
  const { token } = await (await page.request.post("/api/payments/sandbox/tokenize", { data: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" } })).json();
  const res = await page.request.post("/api/purchase", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: {
      email,
      shippingAddress: { firstName: "Mary", lastName: "Jackson", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
      items: { "syn-wk-3mo": 1 },
      couponCodes: [],
      payment: { token },
      healthCertification: true,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).order;
}

async function signInOwner(page: Page): Promise<void> {
  const ownerEmail = uniqueEmail("money-owner");
  const { path } = await (await page.request.post("/__test/console-owner", { data: { email: ownerEmail } })).json();
  await page.goto(path);
  const secret = (await page.getByLabel("Authenticator key").textContent())!.trim();
  await page.getByLabel("Password").fill(PASSWORD);
  const first = await nextCode(secret, 0);
  await page.getByLabel("Code your authenticator shows now").fill(first.code);
  await page.getByRole("button", { name: "Finish setup" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in\?ready=1/);
  const second = await nextCode(secret, first.step);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Code from your authenticator app").fill(second.code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
}

test("an owner refunds part of an order, then the rest, and pauses the subscription with a reason", async ({ page }) => {
  test.setTimeout(600_000);
  const shopperEmail = uniqueEmail("refund-buyer");
  const order = await placeOrderByApi(page, shopperEmail);
  await page.setViewportSize(DESKTOP);
  await signInOwner(page);

  // A partial refund of $10.00.
  await page.goto(`/console/orders/${order.number}`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toBeVisible();
  await page.getByLabel(/Amount to refund/).fill("10.00");
  await page.getByLabel("Reason (kept on the record)").fill("One capsule bottle arrived cracked");
  await page.getByRole("button", { name: "Refund this amount" }).click();
  await expect(page.getByRole("status")).toHaveText("Refunded $10.00; the customer was emailed.");
  const left = (order.total - 1000) / 100;
  await expect(page.getByRole("region", { name: "Payments and refunds" })).toContainText(`$${left.toFixed(2)}`);
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("One capsule bottle arrived cracked");
  await expect(page.getByRole("cell", { name: `A partial refund for order ${order.number}` })).toBeVisible();
  await expectNoViolations(page, "order after a partial refund");
  await page.screenshot({ path: "test-results/console-refund-1440.png", fullPage: true });

  // More than is left is refused, in words.
  await page.getByLabel(/Amount to refund/).fill(String(left + 1));
  await page.getByLabel("Reason (kept on the record)").fill("Too much");
  await page.getByRole("button", { name: "Refund this amount" }).click();
  await expect(page.getByRole("status")).toHaveText(/can still be refunded/);

  // The rest.
  await page.getByLabel(/Amount to refund/).fill("");
  await page.getByLabel("Reason (kept on the record)").fill("Customer asked to return the rest");
  await page.getByRole("button", { name: "Refund everything left" }).click();
  await expect(page.getByRole("status")).toHaveText(`Refunded $${left.toFixed(2)}; the customer was emailed.`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toContainText("refunded");
  await expect(page.getByRole("button", { name: "Refund this amount" })).toHaveCount(0);

  // The subscription the order started: pause it a month, with a reason.
  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Subscriptions" }).click();
  await page.getByLabel("Find subscriptions").fill(shopperEmail);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: shopperEmail }).first().click();
  await expect(page.getByRole("list", { name: "Next billing dates" }).getByRole("listitem")).toHaveCount(6);
  const before = await page.getByRole("list", { name: "Next billing dates" }).getByRole("listitem").first().textContent();
  await page.getByLabel("Reason (kept on the record)").fill("Travelling for a month, asked by phone");
  await page.getByRole("button", { name: "Pause 1 month" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Paused: the next charge is now \d{4}-\d{2}-\d{2}\.$/);
  await expect(page.getByRole("list", { name: "Next billing dates" }).getByRole("listitem").first()).not.toHaveText(before!);
  await expect(page.locator(".c-timeline")).toContainText("Travelling for a month, asked by phone");
  await expectNoViolations(page, "subscription");
  await page.screenshot({ path: "test-results/console-subscription-1440.png", fullPage: true });

  await page.getByRole("navigation", { name: "Console sections" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Revenue per day in USD/ })).toBeVisible();
  await page.screenshot({ path: "test-results/console-dashboard-1440.png", fullPage: true });

  const subscriptionUrl = new URL(page.url()).pathname;
  const pages = ["/console/dashboard", "/console/subscriptions", `/console/orders/${order.number}`];
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    for (const url of pages) {
      await page.goto(url);
      await expect(page.locator("#console-main h1")).toBeVisible();
      await expectNoViolations(page, `${url} at ${viewport.width}`);
    }
  }
  void subscriptionUrl;
  await page.goto("/console/dashboard");
  await page.screenshot({ path: "test-results/console-dashboard-390.png", fullPage: true });
  await page.goto(`/console/orders/${order.number}`);
  await page.screenshot({ path: "test-results/console-refund-390.png", fullPage: true });
});
