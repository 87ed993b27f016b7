import { expect, test, type Page } from "@playwright/test";
import { open, uniqueEmail } from "../shell-fixtures";
import { fillCheckout, renewalConsent } from "../support/checkout-form";
import { addPlanToCart, applyPromoInCart } from "../support/journeys";

/**
 * Told before paying (issue 34, point 1; ADR 0060) as a newcomer meets it: the cookie banner shown and never answered,
 * at 1440 (first-visit-1440) and 390 (first-visit-390). The cart states the renewal without a date, checkout states
 * price, frequency, first date and how to cancel beside Place order and requires the consent box, and WELCOME10's
 * limits show wherever it is applied.
 */
test.describe.configure({ timeout: 90_000 });

const banner = (page: Page) => page.getByTestId("consent-banner");
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** The 3-month plan renews as the 3-month refill at its full price: WELCOME10 takes nothing off a renewal. */
const RENEWAL = /Renews automatically as DS-01® Refill \(every 3 months\) at \$134\.97 every 3 months/;
const WELCOME10_LIMITS = ["This order only: renewals are charged the full price", "New customers only (a first order with us)", "Once per customer"];

test.afterEach(async ({ page }) => {
  expect(await page.evaluate(() => localStorage.getItem("seed_cookie_consent")), "the banner was never answered").toBeNull();
});

test("the cart and checkout state the renewal and WELCOME10's limits; Place order needs the consent box", async ({ page }) => {
  await addPlanToCart(page, "/daily-synbiotic", "syn-wk-3mo");
  await expect(banner(page)).toBeVisible();
  await page.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // The cart: undated (its page may be cached past midnight), with how to stop it.
  const cartTerms = page.locator(".renewal-terms--cart");
  await expect(cartTerms).toContainText(RENEWAL);
  await expect(cartTerms).toContainText("first 3 months after your order, until you cancel.");
  await expect(cartTerms).toContainText("Skip, delay or cancel online any time before a renewal.");
  await applyPromoInCart(page, "WELCOME10", /\$121\.47/);
  await expect(page.getByRole("list", { name: "Limits of WELCOME10" }).getByRole("listitem")).toHaveText(WELCOME10_LIMITS);
  await expect(cartTerms).toContainText(RENEWAL);

  await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  await expect(banner(page)).toBeVisible();

  // The code's limits in the order summary (folded away on a phone).
  if (isPhone(page)) await page.getByRole("button", { name: "Show order summary" }).click();
  await expect(page.getByRole("complementary", { name: "Order summary" }).getByRole("list", { name: "Limits of WELCOME10" }).getByRole("listitem")).toHaveText(WELCOME10_LIMITS);

  // Beside Place order: the renewal, dated by the shop's clock, how to cancel, and the consent box, last before the button.
  const form = page.getByRole("form", { name: "Checkout" });
  const terms = form.getByRole("region", { name: "Your subscription" });
  await expect(terms).toContainText(RENEWAL);
  await expect(terms).toContainText(/first on [A-Z][a-z]+ \d{1,2}, \d{4}, until you cancel\./);
  await expect(terms).toContainText("Cancel any time before a renewal date from your account's Subscriptions page");
  await expect(terms.getByRole("link", { name: "Subscription terms" })).toBeVisible();
  const nextControl = await renewalConsent(page).evaluate((box) => {
    const controls = [...box.closest("form")!.querySelectorAll("input, select, button, textarea")];
    return controls.slice(controls.indexOf(box as HTMLInputElement) + 1).find((el) => (el as HTMLElement).offsetParent !== null)?.textContent ?? "";
  });
  expect(nextControl).toMatch(/^Place order/);

  // Everything filled but the consent: Place order says why, and no order is sent.
  await fillCheckout(page, { email: uniqueEmail("first-told"), card: "4242424242424242" });
  await renewalConsent(page).uncheck();
  const purchases: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/purchase") purchases.push(r.url());
  });
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(form.getByText("Please confirm that you agree to the automatic renewal to continue.")).toBeVisible();
  await expect(renewalConsent(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/checkout$/);
  expect(purchases).toEqual([]);

  // Ticked, the order goes through.
  await renewalConsent(page).check();
  await page.getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
  await expect(page.locator("main .cart-summary__row--total")).toHaveText(/\$121\.47/);
  expect(purchases).toHaveLength(1);
});
