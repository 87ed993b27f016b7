import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * The console's refunds and subscription actions end to end (issue 17): an owner refunds part of an order, then the
 * rest; pauses the shopper's subscription with a reason; reads the dashboard. axe-clean at 1440 and 390.
 */

test("an owner refunds part of an order, then the rest, and pauses the subscription with a reason", async ({ page }) => {
  test.setTimeout(600_000);
  const shopperEmail = uniqueEmail("refund-buyer");
  const order = await placeOrderByApi(page, shopperEmail, { firstName: "Mary", lastName: "Jackson" });
  await page.setViewportSize(DESKTOP);
  await signInNewOwner(page, { tag: "money-owner" });

  // A partial refund of $10.00.
  await page.goto(`/console/orders/${order.number}`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toBeVisible();
  // Every refund asks first (issue 36): the dialog says what it does, then the reason and the confirm.
  await page.getByLabel(/Amount to refund/).fill("10.00");
  await page.getByRole("button", { name: "Refund this amount…" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the refund" });
  await dialog.getByLabel(/Reason/).fill("One capsule bottle arrived cracked");
  await dialog.getByRole("button", { name: "Refund $10.00" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Refunded $10.00; the customer was emailed.");
  const left = (order.total - 1000) / 100;
  await expect(page.getByRole("region", { name: "Payments and refunds" })).toContainText(`$${left.toFixed(2)}`);
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("One capsule bottle arrived cracked");
  await expect(page.getByRole("cell", { name: `A partial refund for order ${order.number}` })).toBeVisible();
  await expectNoViolations(page, "order after a partial refund");
  await page.screenshot({ path: "test-results/console-refund-1440.png", fullPage: true });

  // More than is left is refused, in words.
  await page.getByLabel(/Amount to refund/).fill(String(left + 1));
  await page.getByRole("button", { name: "Refund this amount…" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/can still be refunded/);
  await page.keyboard.press("Escape");

  // The rest.
  await page.getByLabel(/Amount to refund/).fill("");
  await page.getByRole("button", { name: "Refund everything left…" }).click();
  await dialog.getByLabel(/Reason/).fill("Customer asked to return the rest");
  await dialog.getByLabel(`Type the order number ${order.number} to refund everything left`).fill(order.number);
  await dialog.getByRole("button", { name: /everything left/ }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Refunded $${left.toFixed(2)}; the customer was emailed.`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toContainText("refunded");
  await expect(page.getByRole("button", { name: "Refund this amount…" })).toHaveCount(0);

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
