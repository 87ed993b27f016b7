import { expect, test, type Page } from "@playwright/test";
import { openDesktop, waitForEvent } from "./shell-fixtures";

// Desktop dropdown menus (SPEC.md section 4, Drawers, menus, popups).

const header = (page: Page) => page.locator("header.site-header");
const trigger = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("button", { name });
const menu = (page: Page, name: string) => page.getByRole("menu").filter({ has: page.getByRole("menuitem", { name }) });
const shopMenu = (page: Page) => menu(page, "DS-01® Daily Synbiotic");

/** The element that keeps the page from scrolling: whichever of html/body Base UI locked. */
const pageScrollLocked = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.body].some((el) => /hidden|clip/.test(getComputedStyle(el).overflowY)),
  );

test.describe("desktop menus", () => {
  test("open on click with the header active, links to the spec's pages, and tracked", async ({ page }) => {
    await openDesktop(page);
    const opened = waitForEvent(page, "Nav Menu Click");
    await trigger(page, "Shop").click();
    await expect(shopMenu(page)).toBeVisible();
    await expect(trigger(page, "Shop")).toHaveAttribute("aria-expanded", "true");
    await expect(header(page)).toHaveAttribute("data-active", "true");
    expect((await opened).properties).toMatchObject({ menu: "Shop" });

    await expect(page.getByRole("group", { name: "Gut Health" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: /PDS-08® Pediatric Daily Synbiotic/ })).toHaveAttribute("href", "/pds-3f9a7c");
    await expect(page.getByRole("menuitem", { name: /VS-01™ Vaginal Synbiotic/ })).toHaveAttribute("href", "/vaginal-synbiotic");

    const chosen = waitForEvent(page, "Nav Submenu Click");
    await page.getByRole("menuitem", { name: /DS-01® Daily Synbiotic/ }).click();
    await expect(page).toHaveURL(/\/daily-synbiotic$/);
    expect((await chosen).properties).toMatchObject({ menu: "Shop", label: "DS-01® Daily Synbiotic" });
    await expect(shopMenu(page)).toBeHidden();
    await expect(header(page)).not.toHaveAttribute("data-active");
  });

  test("Science and Cultured menus hold their groups", async ({ page }) => {
    await openDesktop(page);
    await trigger(page, "Science").click();
    await expect(page.getByRole("group", { name: "Reference" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Our Scientists" })).toHaveAttribute("href", "/approach#scientists");
    await page.keyboard.press("Escape");
    await trigger(page, "Cultured").click();
    await expect(page.getByRole("menuitem", { name: "Microbiome 101" })).toHaveAttribute("href", "/cultured/microbiome-101");
    await expect(page.getByRole("menuitem", { name: "All Articles" })).toBeVisible();
  });

  test("Enter opens, arrows move between items, Escape closes and returns focus to the button", async ({ page }) => {
    await openDesktop(page);
    await trigger(page, "Shop").focus();
    await page.keyboard.press("Enter");
    await expect(shopMenu(page)).toBeVisible();
    await expect(header(page)).toHaveAttribute("data-active", "true");

    const items = page.getByRole("menuitem");
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    // The Shop menu now lists five products (the refill and Gut Reset joined it): the third item is PDS-08®.
    await expect(items.nth(2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(items.nth(1)).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(shopMenu(page)).toBeHidden();
    await expect(trigger(page, "Shop")).toBeFocused();
    await expect(header(page)).not.toHaveAttribute("data-active");
  });

  test("Enter on an item follows its link", async ({ page }) => {
    await openDesktop(page);
    await trigger(page, "Cultured").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Probiotics 101" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/cultured\/probiotics-101$/);
  });

  test("the pointer leaving the menu closes it; moving from button to panel does not", async ({ page }) => {
    await openDesktop(page);
    await trigger(page, "Science").click();
    const science = menu(page, "Our Approach");
    await expect(science).toBeVisible();
    await page.getByRole("menuitem", { name: "SeedLabs" }).hover();
    await expect(science).toBeVisible();
    await page.mouse.move(700, 850);
    await expect(science).toBeHidden();
    await expect(header(page)).not.toHaveAttribute("data-active");
  });

  test("page scroll is locked while a menu is open", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 500 });
    await openDesktop(page);
    expect(await pageScrollLocked(page)).toBe(false);

    await trigger(page, "Shop").click();
    await expect(shopMenu(page)).toBeVisible();
    expect(await pageScrollLocked(page)).toBe(true);
    // The pointer stays on the button: leaving the menu would close it.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(shopMenu(page)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(shopMenu(page)).toBeHidden();
    expect(await pageScrollLocked(page)).toBe(false);
  });

  test("a click before the menus load is remembered", async ({ page }) => {
    // Hold the menu code back so the server-rendered button is still in place when clicked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/NavMenus-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    // Until the menus load, Shop is the no-JavaScript disclosure's <summary> (no role for Playwright).
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Shop" }).click();
    release();
    await expect(shopMenu(page)).toBeVisible();
  });
});
