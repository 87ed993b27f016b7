import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, openDesktop, signIn, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";

// axe-core finds no violations on the home page, at desktop and phone widths, closed and with every
// menu, drawer and popup open.

test.describe("desktop, 1440 wide", () => {
  test.use({ viewport: DESKTOP });

  test("home page", async ({ page }) => {
    await openDesktop(page);
    await expectNoViolations(page);
  });

  test("with the Shop menu open", async ({ page }) => {
    await openDesktop(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Shop" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page);
  });

  test("with the account drawer open", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("axe"), firstName: "Ada" });
    await open(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(400); // let the slide finish so colours are measured at rest
    await expectNoViolations(page);
  });

  test("with the cookie preferences popup open", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Preferences" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(600);
    await expectNoViolations(page);
  });

  test("redesign layout", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "seed_flags", value: "data-redesign=true", url: baseURL! }]);
    await openDesktop(page);
    await expectNoViolations(page);
  });
});

test.describe("phone, 390 wide", () => {
  test.use({ viewport: MOBILE });

  test("home page", async ({ page }) => {
    await open(page, "/");
    await expectNoViolations(page);
  });

  test("with the mobile drawer open, signed in", async ({ page }) => {
    await signIn(page, { email: uniqueEmail("axe-mobile"), firstName: "Ada" });
    await open(page, "/");
    await page.getByRole("banner").getByLabel("Open menu").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(400);
    await expectNoViolations(page);
  });
});
