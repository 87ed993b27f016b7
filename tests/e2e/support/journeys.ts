import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { open } from "../shell-fixtures";
import { fillCheckout } from "./checkout-form";

/**
 * The shopper's main journeys, step by step as a person takes them, shared by the journey specs and the first-visit
 * project (tests/e2e/first-visit/), which runs them without ever answering the cookie banner. Every press is a plain
 * `click()`: Playwright's actionability checks fail it if anything (the banner) would receive the click instead.
 */

export const CARD_OK = "4242424242424242";

/**
 * Picks a plan on a product page and presses Add to cart: the cart drawer opens on it (issue 34); Continue shopping
 * closes it, focus is back on Add to cart and the page says the plan is in the cart.
 */
export async function addPlanToCart(page: Page, path: string, product: string): Promise<void> {
  await open(page, path);
  await page.locator(`.plan-option[data-product="${product}"]`).click();
  const add = page.getByRole("button", { name: "Add to cart" });
  await add.click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.locator(`.cart-line[data-product="${product}"]`)).toBeVisible();
  await drawer.getByRole("button", { name: "Continue shopping" }).click();
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();
  await expect(page.getByRole("link", { name: "View cart" })).toBeVisible();
}

/** From the cart page: opens the promo field, applies a code and waits for the total. */
export async function applyPromoInCart(page: Page, code: string, total: RegExp): Promise<void> {
  await page.getByRole("button", { name: "Have a promo code?" }).click();
  await page.getByLabel("Promo code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".cart-summary__row--total")).toHaveText(total);
}

/** On /checkout: fills the form as a US shopper, presses Place order and lands on the receipt with this total. */
export async function placeOrder(page: Page, email: string, total: RegExp): Promise<void> {
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await fillCheckout(page, { email, card: CARD_OK });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(page.locator("main .cart-summary__row--total")).toHaveText(total);
}

/** Answers the quiz's six questions (SPEC.md section 6) up to the email step. */
export async function answerQuiz(page: Page, pace = "Three months at a time"): Promise<void> {
  await page.getByLabel("Myself, an adult").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await page.getByLabel("Less occasional bloating").check();
  await page.getByLabel("Skin health").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await page.getByLabel("A few times a week").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await page.getByLabel("Never").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await page.getByLabel("No", { exact: true }).check();
  await page.getByRole("button", { name: "Next question" }).click();
  await page.getByLabel(pace).check();
  await page.getByRole("button", { name: "See my result" }).click();
}

/** A US order of `items` through the real purchase API (sandbox card), for tests that start after a purchase. */
export async function buyThroughApi(page: Page, email: string, items: Record<string, number> = { "syn-wk": 1 }): Promise<void> {
  const card = await page.request.post("/api/payments/sandbox/tokenize", { data: { number: CARD_OK, expMonth: 12, expYear: 2030, cvc: "123" } });
  const { token } = (await card.json()) as { token: string };
  const order = await page.request.post("/api/purchase", {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      email,
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "12 Elm Street", city: "Portland", region: "OR", postalCode: "97201", country: "US" },
      items,
      couponCodes: [],
      payment: { token },
      healthCertification: true,
      renewalConsent: true,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
}

/** The text part of the newest email to an address whose subject matches, from the development mailbox. */
export async function newestEmailText(page: Page, to: string, subject: RegExp): Promise<string> {
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(page.locator("tbody tr", { hasText: to }).filter({ hasText: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.locator("tbody tr", { hasText: to }).filter({ hasText: subject }).first().getByRole("link").first().click();
  return (await page.getByTestId("text-part").textContent()) ?? "";
}

/** The link after `label:` in an email's text part, as a path of this server (the email names the public origin). */
export function pathAfter(text: string, label: string): string {
  const url = text.match(new RegExp(`${label}: (https?://\\S+)`))?.[1];
  expect(url, `${label} link in the email`).toBeTruthy();
  const u = new URL(url!);
  return `${u.pathname}${u.search}`;
}
