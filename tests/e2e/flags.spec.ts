import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, seedStorage, setPreviewFlags, signIn, uniqueEmail } from "./shell-fixtures";
import { buyThroughApi } from "./support/journeys";

/**
 * What each feature flag does on the shopper's path (ADR 0062). Display flags are set per visitor with the preview
 * cookie or per member with an experiment variant (the test hook pins a member's variants); money flags only by the
 * shop: a cookie asking for them changes nothing. Operator settings are shop-wide, so they are tested in
 * flags-operator.spec.ts, which runs alone after every other spec.
 */

const axeClean = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
};

async function openCheckoutWith(page: Page, cart: Record<string, number>) {
  await open(page, "/");
  await seedStorage(page, { seed_cart_items: JSON.stringify(cart) });
  await open(page, "/checkout");
}

test.describe("data-auto-proceed-cc-fields", () => {
  test("on, typing a whole card number, expiry and code moves focus on to the next field each time", async ({ page, context, baseURL }) => {
    await setPreviewFlags(context, baseURL, "data-auto-proceed-cc-fields=true");
    await openCheckoutWith(page, { "syn-wk": 1 });
    await page.getByLabel("Card number").click();
    await page.keyboard.type("4242424242424242");
    await expect(page.getByLabel("Expiry (MM / YY)")).toBeFocused();
    await page.keyboard.type("1230");
    await expect(page.getByLabel("Security code (CVC)")).toBeFocused();
    await page.keyboard.type("123");
    await expect(page.getByLabel("Name on card")).toBeFocused();
    await page.keyboard.type("Ada Lovelace");
    await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 30");
    await expect(page.getByLabel("Security code (CVC)")).toHaveValue("123");
    await expect(page.getByLabel("Name on card")).toHaveValue("Ada Lovelace");
    // A number that fails its check digit stays where it is, so the shopper can correct it.
    await page.getByLabel("Card number").fill("");
    await page.keyboard.type("4242424242424241");
    await expect(page.getByLabel("Card number")).toBeFocused();
  });

  test("off (the default), focus stays in the card number once it is whole", async ({ page }) => {
    await openCheckoutWith(page, { "syn-wk": 1 });
    await page.getByLabel("Card number").click();
    await page.keyboard.type("4242424242424242");
    await expect(page.getByLabel("Card number")).toBeFocused();
  });
});

test.describe("data-glass-jar", () => {
  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`on, each starter kit's plan offers its refillable glass jar; the one-time Gut Reset does not (${label})`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(viewport);
      await setPreviewFlags(context, baseURL, "data-glass-jar=true");
      await open(page, "/daily-synbiotic");
      for (const plan of ["syn-wk", "syn-wk-3mo", "syn-wk-6mo"]) {
        await expect(page.locator(`.plan-option[data-product="${plan}"]`).getByTestId("glass-jar")).toHaveText(/Refillable glass jar included/);
      }
      await expect(page.locator('.plan-option[data-product="syn-wk-duo"]').getByTestId("glass-jar")).toHaveText(/Two refillable glass jars included/);
      await page.locator(".plan-picker").screenshot({ path: `test-results/flag-glass-jar-${label}.png` });
      await axeClean(page);
      await open(page, "/gut-reset");
      await expect(page.getByTestId("glass-jar")).toHaveCount(0);
    });
  }

  test("off (the default), no plan mentions it", async ({ page }) => {
    await open(page, "/daily-synbiotic");
    await expect(page.locator(".plan-option").first()).toBeVisible();
    await expect(page.getByTestId("glass-jar")).toHaveCount(0);
  });
});

test.describe("the cart redesign experiment sets its flags for its members", () => {
  for (const [variant, design] of [["variant_1", "summary-first"], ["variant_2", "compact"], ["control", "standard"]] as const) {
    test(`a member in ${variant} of cart_redesign gets the ${design} cart page`, async ({ page }) => {
      await signIn(page, { email: uniqueEmail(`cart-${variant}`), experiments: { cart_redesign: variant } });
      await open(page, "/");
      await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk-3mo": 1, "syn-gr": 1 }) });
      for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
        await page.setViewportSize(viewport);
        await open(page, "/cart");
        const layout = page.locator(".cart-layout");
        await expect(layout).toHaveAttribute("data-design", design);
        await expect(page.locator(".cart-summary")).toBeVisible();
        // Summary first is first in reading order too, not only on screen.
        const firstChild = await layout.evaluate((el) => [...el.children].find((c) => !c.matches("[role=status]"))?.className);
        expect(firstChild).toBe(design === "summary-first" ? "cart-side" : "cart-main");
        if (variant !== "control") await page.screenshot({ path: `test-results/flag-cart-${design}-${label}.png` });
        await axeClean(page);
      }
    });
  }
});

test.describe("money flags come from the shop, never from the visitor's cookie", () => {
  test("a cookie asking for the second fee table and the surprise discount changes neither the cart nor checkout", async ({ page, context, baseURL }) => {
    await setPreviewFlags(context, baseURL, "data-checkout-shipping-fees-v2=true,data-discount-surprise-delight-test=true,data-glass-jar=true");
    await open(page, "/daily-synbiotic?country=DE");
    // The cookie still sets a display flag.
    await expect(page.getByTestId("glass-jar").first()).toBeVisible();
    await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk": 1 }) });
    await open(page, "/cart?country=DE");
    const summary = page.getByRole("main").locator(".cart-summary");
    await expect(summary).toContainText("10,00");
    await expect(summary).not.toContainText("surprise");
    await expect(summary.locator(".cart-summary__row--total")).toContainText("59,99");
  });

  test("a member in fees_v2 of checkout_shipping_fees sees the second table in the cart and pays it at checkout", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("fees-v2"), experiments: { checkout_shipping_fees: "fees_v2" } });
    await open(page, "/");
    await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk": 1 }) });
    await open(page, "/cart?country=DE");
    const cart = page.getByRole("main").locator(".cart-summary");
    await expect(cart).toContainText("7,00");
    await expect(cart.locator(".cart-summary__row--total")).toContainText("56,99");
    // Checkout's summary is the server's preview: the same table.
    await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout/);
    await page.getByLabel("Country").selectOption("DE");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary.locator(".cart-summary__row--total")).toContainText("56,99");
  });
});

test.describe("data-is-quiz-lp-control", () => {
  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`on, the quiz opens on its landing screen and Start leads to the first question (${label})`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(viewport);
      await setPreviewFlags(context, baseURL, "data-is-quiz-lp-control=true");
      await open(page, "/is-ds01-right-for-you");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(".quiz-landing__points li")).toHaveCount(3);
      await expect(page.locator("fieldset")).toHaveCount(0);
      await page.screenshot({ path: `test-results/flag-quiz-landing-${label}.png` });
      await axeClean(page);
      await page.getByRole("link", { name: "Start the quiz" }).click();
      await expect(page).toHaveURL(/\/is-ds01-right-for-you\?step=1$/);
      await expect(page.locator("fieldset")).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Next question" })).toBeVisible();
    });
  }

  test("off (the default), the first question is the landing", async ({ page }) => {
    await open(page, "/is-ds01-right-for-you");
    await expect(page.locator(".quiz-landing")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Next question" })).toBeVisible();
  });
});

test.describe("data-multiselect-experiment-checkout", () => {
  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`on, thank-you asks "How did you hear about Seed?" with several answers allowed, once per order (${label})`, async ({ page, context, baseURL }) => {
      await page.setViewportSize(viewport);
      await setPreviewFlags(context, baseURL, "data-multiselect-experiment-checkout=true");
      await open(page, "/");
      await buyThroughApi(page, uniqueEmail("found-us"));
      await open(page, "/thank-you");
      const question = page.getByRole("group", { name: "How did you hear about Seed?" });
      await expect(question).toBeVisible();
      await axeClean(page);
      await question.getByLabel("A friend or family member").check();
      await question.getByLabel("A podcast").check();
      await page.screenshot({ path: `test-results/found-us-${label}.png`, fullPage: true });
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Thank you: that helps us reach more people like you." })).toBeVisible();
      await expect(question).toHaveCount(0);
      // The order has its answer: the question is not asked again.
      await open(page, "/thank-you");
      await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
      await expect(question).toHaveCount(0);
    });
  }

  test("Send with nothing chosen says so and keeps the question; off (the default), it is never asked", async ({ page, context, baseURL }) => {
    await setPreviewFlags(context, baseURL, "data-multiselect-experiment-checkout=true");
    await open(page, "/");
    await buyThroughApi(page, uniqueEmail("found-us-none"));
    await open(page, "/thank-you");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.locator(".found-us__error")).toHaveText("Choose at least one answer.");
    await expect(page.getByRole("group", { name: "How did you hear about Seed?" })).toBeVisible();

    await setPreviewFlags(context, baseURL, "");
    await buyThroughApi(page, uniqueEmail("found-us-off"));
    await open(page, "/thank-you");
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    await expect(page.getByRole("group", { name: "How did you hear about Seed?" })).toHaveCount(0);
  });
});
