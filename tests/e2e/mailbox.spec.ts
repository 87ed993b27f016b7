import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { open, uniqueEmail } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";

/**
 * The order confirmation end to end: a shopper places an order, and (no SMTP_URL in these tests) the email waits in
 * the outbox, where the development mailbox shows it: listed newest first, its HTML in a sandboxed frame, its text.
 */

async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto("/__baseline");
  await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk": 1 })));
  await open(page, "/checkout");
  await fillCheckout(page, { email, card: "4242424242424242" });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  // The receipt renders after the URL changes: wait for its number before reading the page.
  await expect(page.locator("main")).toContainText(/SD-\d+/, { timeout: 15_000 });
  const text = (await page.locator("main").textContent()) ?? "";
  const number = /SD-\d+/.exec(text)?.[0];
  expect(number, "the receipt shows the order number").toBeTruthy();
  return number!;
}

test("a placed order's confirmation is in the development mailbox: listed, its HTML sandboxed, its text shown", async ({ page }) => {
  test.setTimeout(60_000); // a whole checkout, then the mailbox
  const email = uniqueEmail("mailbox");
  const number = await placeOrder(page, email);

  await open(page, "/dev/mailbox");
  await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
  const row = page.locator("tbody tr", { hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Your Seed order ${number}`);
  await expect(row).toContainText("order-confirmation");
  await expect(row).toContainText("queued");
  expect(await new AxeBuilder({ page }).include("main").analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);

  await row.getByRole("link", { name: `Your Seed order ${number}` }).click();
  await expect(page).toHaveURL(/\/dev\/mailbox\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: `Your Seed order ${number}` })).toBeVisible();
  await expect(page.locator("main")).toContainText(email);

  const iframe = page.locator('iframe[title="HTML part of the email"]');
  await expect(iframe).toHaveAttribute("sandbox", "");
  const frame = page.frameLocator('iframe[title="HTML part of the email"]');
  await expect(frame.getByRole("heading", { name: "Thank you for your order, Ada!" })).toBeVisible();
  await expect(frame.locator("body")).toContainText(`Order ${number}`);
  await expect(frame.locator("body")).toContainText("Portland, OR, 97201");
  await expect(frame.locator("body")).toContainText("Visa ending in 4242");
  // The empty sandbox puts the email in an opaque origin (and runs none of its scripts): page and email cannot reach each other.
  const origin = await iframe.evaluate((el: HTMLIFrameElement) => {
    try {
      return el.contentWindow?.document ? "same-origin" : "none";
    } catch {
      return "opaque";
    }
  });
  expect(origin).toBe("opaque");

  const textPart = page.getByTestId("text-part");
  await expect(textPart).toContainText(`Order ${number}, placed`);
  await expect(textPart).toContainText("SHIPPING TO");
  expect(await new AxeBuilder({ page }).include("main").exclude("iframe").analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
});

test("an unknown email id answers the 404 page", async ({ page }) => {
  const res = await page.goto("/dev/mailbox/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
});
