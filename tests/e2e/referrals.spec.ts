import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail, waitForEvent } from "./shell-fixtures";
import { fillCheckout } from "./support/checkout-form";

/**
 * Referrals end to end (issue 16, ADR 0036): A shares a link, B buys through it in the browser, the refund window
 * passes (the reward job runs 31 days ahead through a test hook), and A's next renewal is $25 cheaper with the credit on
 * its invoice. Then the Earn link rules at 390 px.
 */

/** A's own first order through the purchase API: another card and street than B's, so no self-referral signal. */
async function firstOrder(page: Page, email: string): Promise<void> {
  const card = await page.request.post("/api/payments/sandbox/tokenize", { data: { number: "5555555555554444", expMonth: 11, expYear: 2031, cvc: "123" } });
  const { token } = (await card.json()) as { token: string };
  const order = await page.request.post("/api/purchase", {
    headers: { "Idempotency-Key": randomUUID() },
    data: {
      email,
      shippingAddress: { firstName: "Ann", lastName: "Referrer", address1: "88 Birch Avenue", city: "Denver", region: "CO", postalCode: "80202", country: "US" },
      items: { "syn-wk": 1 },
      couponCodes: [],
      payment: { token },
      healthCertification: true,
      renewalConsent: true,
    },
  });
  expect(order.status(), await order.text()).toBe(201);
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("desktop, 1440 wide", () => {
  test.use({ viewport: DESKTOP });

  test("A shares a link; B buys through it; after the refund window A's next renewal is $25 cheaper and the invoice shows the credit", async ({ page, browser, baseURL }) => {
    test.setTimeout(360_000);
    const a = uniqueEmail("referrer");
    // Before the first order the programme is locked.
    await signIn(page, { email: a, firstName: "Ann" });
    await open(page, "/account/refer");
    await expect(page.getByTestId("refer-standing")).toContainText("Referrals unlock after your first order");
    await firstOrder(page, a);

    await open(page, "/account/refer?traffic_source=footer");
    await expect(page.getByRole("heading", { name: /Give 15% off a friend's first order, get \$25/ })).toBeVisible();
    await expect(page.getByText("Your friend gets 15% off their first order")).toBeVisible();
    const link = await page.getByTestId("refer-link-field").inputValue();
    expect(link).toMatch(/\/r\/[A-Z0-9]{8}$/);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const clicked = waitForEvent(page, "Button Clicked");
    await page.getByTestId("refer-copy").click();
    await expect(page.getByTestId("refer-copy-status")).toHaveText("Link copied.");
    expect((await clicked).properties).toMatchObject({ name: "Copy referral link", location: "refer_footer" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/referrals-refer-1440.png", fullPage: true });

    // B, in their own browser, follows the link and buys the 3-month plan with the friend's offer.
    const friend = await browser.newContext({ viewport: DESKTOP });
    const b = await friend.newPage();
    await b.addInitScript(() => localStorage.setItem("seed_cookie_consent", JSON.stringify({ C0001: true, C0002: true, C0003: true, C0004: true, C0005: true })));
    await b.goto(new URL(link).pathname);
    await expect(b.getByRole("heading", { name: "A Seed member sent you 15% off your first order" })).toBeVisible();
    await expectAxeClean(b);
    await b.screenshot({ path: "test-results/referrals-landing-1440.png", fullPage: true });
    await b.getByTestId("landing-shop").click();
    await expect(b.locator("[data-hydrated]")).toBeAttached();
    await b.locator('.plan-option[data-product="syn-wk-3mo"]').click();
    await b.getByRole("button", { name: "Add to cart" }).click();
    await b.getByRole("dialog", { name: "Your cart" }).getByRole("link", { name: "View cart" }).click();
    await expect(b.locator(".cart-summary")).toContainText("FRIEND15");
    await b.getByRole("link", { name: "Checkout" }).click();
    await expect(b.locator("[data-hydrated]")).toBeAttached();
    await fillCheckout(b, { email: uniqueEmail("friend"), card: "4242424242424242" });
    await b.getByRole("button", { name: /Place order/ }).click();
    await expect(b).toHaveURL(/\/thank-you$/);
    await friend.close();

    await open(page, "/account/refer");
    await expect(page.getByTestId("refer-invited")).toHaveText("1");
    await expect(page.getByTestId("refer-pending")).toHaveText("1");

    // The refund window passes without a refund: the reward job pays $25.
    const settled = await page.request.post("/__test/referrals/settle", { data: { days: 31 } });
    expect(await settled.json()).toMatchObject({ earned: 1 });
    await open(page, "/account/home#refer");
    await expect(page.getByTestId("refer-earned")).toContainText("1");
    await expect(page.getByTestId("credit-balance")).toHaveText("$25");
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/referrals-home-1440.png", fullPage: true });

    // A's next renewal: DS-01 monthly $49.99, $25 less.
    const charged = await page.request.post("/__test/renewals/charge-next", { data: { email: a } });
    expect(await charged.json()).toMatchObject({ outcome: "paid" });
    await open(page, "/account/orders");
    const invoiceLinks = page.getByRole("link", { name: /invoice/i });
    await invoiceLinks.first().click();
    await expect(page.getByText("Account credit (referral rewards and points)")).toBeVisible();
    await expect(page.getByText("-$25.00")).toBeVisible();
    await expect(page.getByText("$24.99").first()).toBeVisible();
    await page.screenshot({ path: "test-results/referrals-invoice-1440.png", fullPage: true });
  });
});

test.describe("phone, 390 wide", () => {
  test.use({ viewport: MOBILE });

  test("Earn link: shown to a member with an empty cart, goes to the refer page with traffic_source=nav_earn; hidden on /checkout and for loyalty_new_user exclude", async ({ page, browser }) => {
    test.setTimeout(360_000);
    const email = uniqueEmail("earner");
    await firstOrder(page, email);
    await signIn(page, { email, experiments: { referral_badge_2: "new_badge" } });
    await open(page, "/");
    const earn = page.getByRole("banner").getByRole("link", { name: /^Earn/ });
    await expect(earn).toBeVisible();
    await expect(earn).toContainText("New");
    const tracked = waitForEvent(page, "Earn");
    await earn.click();
    await tracked;
    await expect(page).toHaveURL(/\/account\/refer\?traffic_source=nav_earn$/);
    await expect(page.getByTestId("refer-link-field")).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/referrals-refer-390.png", fullPage: true });
    await open(page, "/account/home#refer");
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/referrals-home-390.png", fullPage: true });

    await open(page, "/checkout");
    await expect(page.getByRole("banner").getByRole("link", { name: /^Earn/ })).toHaveCount(0);

    // The header is rendered on the server from the member's variants: no need to wait for hydration here.
    const excluded = await browser.newContext({ viewport: MOBILE });
    const other = await excluded.newPage();
    await signIn(other, { email: uniqueEmail("excluded"), experiments: { loyalty_new_user: "exclude" } });
    await other.goto("/");
    await expect(other.getByRole("banner").getByRole("link", { name: "Buy Now" })).toBeVisible();
    await expect(other.getByRole("banner").getByRole("link", { name: /^Earn/ })).toHaveCount(0);
    await excluded.close();
  });

  test("the refer page works before JavaScript: the link is in a field to select and copy", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("nojs");
    await firstOrder(page, email);
    await signIn(page, { email });
    await page.goto("/account/refer");
    await expect(page.getByTestId("refer-link-field")).toHaveValue(/\/r\/[A-Z0-9]{8}$/);
    await expect(page.getByTestId("refer-copy-status")).toHaveText("Select the link and copy it.");
    await expect(page.getByRole("link", { name: "Share by email" })).toHaveAttribute("href", /^mailto:/);
    await context.close();
  });
});
