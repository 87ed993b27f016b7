import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail, waitForEvent } from "./shell-fixtures";

// The mobile navigation drawer and the account drawer (SPEC.md sections 2 and 4).

// A <summary> (it works before JavaScript); Playwright gives summary no role, so it is found by its label.
const hamburger = (page: Page) => page.getByRole("banner").getByLabel("Open menu");
const mobileDrawer = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const section = (page: Page, name: string) => mobileDrawer(page).getByRole("button", { name, exact: true });

test.describe("mobile drawer", () => {
  test.use({ viewport: MOBILE });

  test("opens from the hamburger with the first section expanded; Escape closes it", async ({ page }) => {
    await open(page, "/");
    const tracked = waitForEvent(page, "Hamburger Menu Click");
    await hamburger(page).click();
    await expect(mobileDrawer(page)).toBeVisible();
    await tracked;

    await expect(section(page, "Shop")).toHaveAttribute("aria-expanded", "true");
    await expect(section(page, "Science")).toHaveAttribute("aria-expanded", "false");
    await expect(section(page, "Cultured")).toHaveAttribute("aria-expanded", "false");
    await expect(mobileDrawer(page).getByRole("link", { name: "DS-01® Daily Synbiotic" })).toBeVisible();

    await section(page, "Science").click();
    await expect(mobileDrawer(page).getByRole("link", { name: "Our Approach" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(mobileDrawer(page)).toBeHidden();
    await expect(hamburger(page)).toBeFocused();
  });

  test("the exit button closes it", async ({ page }) => {
    await open(page, "/");
    await hamburger(page).click();
    await expect(mobileDrawer(page)).toBeVisible();
    await mobileDrawer(page).getByRole("button", { name: "Close menu" }).click();
    await expect(mobileDrawer(page)).toBeHidden();
  });

  test("signed out: a single Login entry and no Account section", async ({ page }) => {
    await open(page, "/");
    await hamburger(page).click();
    await expect(mobileDrawer(page).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(section(page, "Account")).toHaveCount(0);
  });

  test("signed in: an Account section with the member links and Sign Out", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("drawer"), firstName: "Ada" });
    await open(page, "/");
    await hamburger(page).click();
    await expect(mobileDrawer(page).getByRole("link", { name: "Login" })).toHaveCount(0);
    await section(page, "Account").click();
    await expect(section(page, "Account")).toHaveAttribute("aria-expanded", "true");
    const drawer = mobileDrawer(page);
    await expect(drawer.getByRole("link", { name: "Subscriptions" })).toHaveAttribute("href", "/account/subscriptions/");
    await expect(drawer.getByRole("link", { name: "Order History" })).toHaveAttribute("href", "/account/orders");
    await expect(drawer.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/account");
    await expect(drawer.getByRole("link", { name: "Refer" })).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Sign Out" })).toBeVisible();
    // A new shopper has no subscriptions, which makes them "blocked": Home is hidden for them.
    await expect(drawer.getByRole("link", { name: "Home" })).toHaveCount(0);
  });

  test("following a link closes the drawer", async ({ page }) => {
    await open(page, "/");
    await hamburger(page).click();
    await mobileDrawer(page).getByRole("link", { name: "VS-01™ Vaginal Synbiotic" }).click();
    await expect(page).toHaveURL(/\/vaginal-synbiotic$/);
    await expect(mobileDrawer(page)).toBeHidden();
  });
});

test.describe("account drawer", () => {
  test.use({ viewport: DESKTOP });

  const accountButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account" });
  const accountDrawer = (page: Page) => page.getByRole("dialog", { name: "Hi, Ada" });

  test.beforeEach(async ({ page }) => {
    await signIn(page, { email: uniqueEmail("account"), firstName: "Ada" });
    await open(page, "/");
  });

  test("slides in from the right with the account entries; Escape closes it", async ({ page }) => {
    await accountButton(page).click();
    const drawer = accountDrawer(page);
    await expect(drawer).toBeVisible();
    for (const name of ["Account", "Home", "Refer", "Subscriptions", "Order History", "Billing"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Sign Out" })).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBeCloseTo(DESKTOP.width, 0);
    expect(await drawer.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.3s");

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(accountButton(page)).toBeFocused();
  });

  test("a press on the overlay closes it", async ({ page }) => {
    await accountButton(page).click();
    await expect(accountDrawer(page)).toBeVisible();
    await page.mouse.click(200, 450);
    await expect(accountDrawer(page)).toBeHidden();
  });

  test("Sign Out revokes the session, records the event and goes to the login page", async ({ page }) => {
    await accountButton(page).click();
    const logout = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/logout");
    const tracked = waitForEvent(page, "Logout clicked");
    await accountDrawer(page).getByRole("button", { name: "Sign Out" }).click();
    await logout;
    await tracked;
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
  });
});
