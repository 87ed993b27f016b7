import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, seedStorage, setPreviewFlags, signIn, uniqueEmail, waitForEvent } from "./shell-fixtures";

// Header entries, path rules, layouts and the quiz banner (SPEC.md section 2).

const footer = (page: Page) => page.getByRole("contentinfo");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
// A <summary> (it works before JavaScript); Playwright gives summary no role, so it is found by its label.
const hamburger = (page: Page) => page.getByRole("banner").getByLabel("Open menu");
const earnLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Earn/ });
const referLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Refer/ });
const buyNow = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Buy Now" });
const quizBanner = (page: Page) => page.getByRole("complementary", { name: "Quiz" });

test.describe("path rules", () => {
  test("every ordinary page has the skip link, header, footer and menus", async ({ page }) => {
    await open(page, "/science");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
    await expect(page.locator("#main")).toHaveCount(1);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Seed" })).toHaveAttribute("href", "/");
  });

  test("/cart hides the footer", async ({ page }) => {
    await open(page, "/cart");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
  });

  test("/checkout hides the footer, the left side of the nav bar and the Refer entry", async ({ page }) => {
    await open(page, "/checkout");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
    await expect(mainNav(page)).toHaveCount(0);
    await expect(referLink(page)).toHaveCount(0);
  });

  test("/checkout hides the hamburger on a phone", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, "/checkout");
    await expect(hamburger(page)).toHaveCount(0);
  });

  test("/target hides the left side of the nav bar but keeps the hamburger", async ({ page }) => {
    await open(page, "/target");
    await expect(mainNav(page)).toHaveCount(0);
    await expect(footer(page)).toBeVisible();
    await page.setViewportSize(MOBILE);
    await expect(hamburger(page)).toBeVisible();
  });
});

test.describe("redesign flag", () => {
  test("switches the header to its alternative layout", async ({ page, context, baseURL }) => {
    await open(page, "/");
    await expect(page.locator(".shell")).toHaveAttribute("data-layout", "default");
    const plainBackground = await page.getByRole("banner").evaluate((el) => getComputedStyle(el).backgroundColor);

    await setPreviewFlags(context, baseURL, "data-redesign=true");
    await open(page, "/");
    await expect(page.locator(".shell")).toHaveAttribute("data-layout", "redesign");
    await expect(page.locator(".shell")).toHaveClass(/shell--redesign/);
    const header = page.getByRole("banner");
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(plainBackground);
    // The logo sits in the middle of the bar.
    const logo = await header.getByRole("link", { name: "Seed" }).boundingBox();
    expect(Math.abs(logo!.x + logo!.width / 2 - DESKTOP.width / 2)).toBeLessThan(40);
  });
});

test.describe("right side of the header", () => {
  test("signed out: Login, Refer with its $25 badge and Buy Now", async ({ page }) => {
    await open(page, "/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(referLink(page)).toContainText("$25");
    await expect(buyNow(page)).toHaveAttribute("href", "/daily-synbiotic");
    await expect(earnLink(page)).toHaveCount(0);
  });

  test("the cart count comes from storage after hydration and follows cart_updated", async ({ page }) => {
    await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk": 2, "pds-wk": 1 }) });
    await open(page, "/");
    const cart = page.getByRole("banner").getByRole("link", { name: /^Cart/ });
    await expect(cart).toHaveAccessibleName("Cart, 3 items");
    await expect(cart).toHaveAttribute("href", "/cart");
    await expect(buyNow(page)).toHaveCount(0);

    await page.evaluate(() => {
      localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk": 1 }));
      window.dispatchEvent(new Event("cart_updated"));
    });
    await expect(cart).toHaveAccessibleName("Cart, 1 item");

    await page.evaluate(() => {
      localStorage.removeItem("seed_cart_items");
      window.dispatchEvent(new Event("cart_updated"));
    });
    await expect(buyNow(page)).toBeVisible();
  });
});

test.describe("mobile Earn link", () => {
  test.use({ viewport: MOBILE });

  test("a signed-in member with an empty cart sees Earn with the $25 badge instead of Buy Now", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("earn") });
    await open(page, "/");
    await expect(earnLink(page)).toBeVisible();
    await expect(earnLink(page)).toHaveAttribute("href", "/account/refer?traffic_source=nav_earn");
    await expect(earnLink(page).getByTestId("refer-badge")).toHaveText("$25");
    await expect(buyNow(page)).toBeHidden();

    const tracked = waitForEvent(page, "Earn");
    await earnLink(page).click();
    await tracked;
    await expect(page).toHaveURL(/\/account\/refer\?traffic_source=nav_earn$/);
  });

  test("the referral_badge_2 new_badge variant shows New", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("earn-new"), experiments: { referral_badge_2: "new_badge" } });
    await open(page, "/");
    await expect(earnLink(page).getByTestId("refer-badge")).toHaveText("New");
  });

  test("loyalty_new_user exclude gets Buy Now, not Earn", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("earn-excluded"), experiments: { loyalty_new_user: "exclude" } });
    await open(page, "/");
    await expect(earnLink(page)).toHaveCount(0);
    await expect(buyNow(page)).toBeVisible();
  });

  test("a member with items in the cart sees the cart, not Earn", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("earn-cart") });
    await seedStorage(page, { seed_cart_items: JSON.stringify({ "syn-wk": 1 }) });
    await open(page, "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(earnLink(page)).toBeHidden();
  });

  test("signed-out visitors get Buy Now", async ({ page }) => {
    await open(page, "/");
    await expect(buyNow(page)).toBeVisible();
    await expect(earnLink(page)).toHaveCount(0);
  });
});

test.describe("desktop entries for members", () => {
  test("Account replaces Login; Earn stays a phone-only entry; Refer shows its badge", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("desk"), experiments: { referral_badge_2: "new_badge" } });
    await open(page, "/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(earnLink(page)).toBeHidden();
    await expect(referLink(page).getByTestId("refer-badge")).toHaveText("New");
    await expect(buyNow(page)).toBeVisible();
  });

  test("loyalty_new_user exclude hides the Refer entries in header and footer", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("excluded"), experiments: { loyalty_new_user: "exclude" } });
    await open(page, "/");
    await expect(referLink(page)).toHaveCount(0);
    await expect(footer(page).getByRole("link", { name: "Refer a Friend" })).toHaveCount(0);
  });
});

test.describe("quiz banner", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await setPreviewFlags(context, baseURL, "quizAudience=true");
  });

  test("links quiz-audience visitors to the quiz", async ({ page }) => {
    await open(page, "/");
    await expect(quizBanner(page).getByRole("link")).toHaveAttribute("href", "/is-ds01-right-for-you");
  });

  test("is hidden outside the quiz audience", async ({ page, context, baseURL }) => {
    await setPreviewFlags(context, baseURL, "quizAudience=false");
    await open(page, "/");
    await expect(quizBanner(page)).toHaveCount(0);
  });

  test("is hidden on the cart and vaginal pages", async ({ page }) => {
    await open(page, "/cart");
    await expect(quizBanner(page)).toHaveCount(0);
    await open(page, "/vaginal-synbiotic");
    await expect(quizBanner(page)).toHaveCount(0);
  });

  test("is hidden for signed-in members", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("banner") });
    await open(page, "/");
    await expect(quizBanner(page)).toHaveCount(0);
  });

  test("is hidden by a promo code in the URL or in storage", async ({ page }) => {
    await open(page, "/?promo_code=SPRING");
    await expect(quizBanner(page)).toHaveCount(0);
    await seedStorage(page, { seed_promoCode: "DS-01-25-OFF" });
    await open(page, "/");
    await expect(quizBanner(page)).toHaveCount(0);
  });
});
