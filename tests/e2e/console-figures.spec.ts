import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * The figures end to end (issue 36, ADR 0074): after an order, the console home shows the key figures and says what
 * every card is for; the dashboard shows net revenue, MRR, renewals and cohorts for a range picked with a plain form,
 * refuses a bad range in words, and downloads a figure as CSV. axe-clean at 1440 and 390. The numbers themselves are
 * checked against a hand-computed fixture in server/http/console/figures.test.ts.
 */
test("the home's key figures, the dashboard's figures for a range, and a figure as CSV", async ({ page }) => {
  test.setTimeout(600_000);
  const order = await placeOrderByApi(page, uniqueEmail("figures-buyer"));
  await signInNewOwner(page, { tag: "figures-owner" });

  // Home: the four key figures, and every card with a line saying what it is for.
  const key = page.getByRole("region", { name: "Key figures" });
  await expect(key).toContainText("MRR (USD)");
  await expect(key).toContainText("Active subscribers");
  await expect(key).toContainText("Net revenue, 30 days (USD)");
  await expect(key).toContainText("Average order, 30 days (USD)");
  const cards = page.locator(".c-grid .c-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  for (const text of await cards.locator("p").allTextContents()) expect(text.trim().length).toBeGreaterThan(20);
  await expectNoViolations(page, "home at 1440");
  await page.screenshot({ path: "test-results/console-figures-home-1440.png", fullPage: true });

  // The dashboard, default range: the order is in the net revenue, and every figure has its table.
  await key.getByRole("link", { name: /All the figures/ }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const table of ["Recurring revenue by currency", "Revenue after refunds by currency", "First orders and renewals by currency", "Renewals due in the range", "Retention by monthly cohort"]) {
    await expect(page.getByRole("region", { name: table })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "First orders and renewals by currency" })).toContainText("USD");
  await expect(page.getByRole("img", { name: /Revenue per day in USD/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Share of each cohort still subscribed/ })).toBeVisible();
  expect(order.total).toBeGreaterThan(0);

  // A range picked with the form (plain GET), then a bad one answered in words.
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`));
  await expect(page.getByText(`${from} to ${today} (201 days)`, { exact: false })).toBeVisible();
  await expectNoViolations(page, "dashboard at 1440");
  await page.screenshot({ path: "test-results/console-figures-dashboard-1440.png", fullPage: true });

  // The revenue figure as CSV: its header and the USD row.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download revenue (CSV)" }).click()]);
  expect(download.suggestedFilename()).toBe(`revenue-${from}-${today}.csv`);
  const csv = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(csv[0]).toBe("from,to,currency,orders,gross,refunds,refund_total,net,aov,first_orders,first_order_total,renewal_orders,renewal_total");
  expect(csv.some((line) => line.startsWith(`${from},${today},USD,`))).toBe(true);

  await page.goto("/console/dashboard?from=2026-11-30&to=2026-11-01");
  await expect(page.getByRole("alert")).toContainText('"from" (2026-11-30) must not be after "to" (2026-11-01).');

  // Phone width: axe on both pages, and the pictures to look at.
  await page.setViewportSize(MOBILE);
  await page.goto("/console/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expectNoViolations(page, "dashboard at 390");
  await page.screenshot({ path: "test-results/console-figures-dashboard-390.png", fullPage: true });
  await page.goto("/console");
  await expect(page.getByRole("region", { name: "Key figures" })).toBeVisible();
  await expectNoViolations(page, "home at 390");
  await page.screenshot({ path: "test-results/console-figures-home-390.png", fullPage: true });
  await page.setViewportSize(DESKTOP);
});
