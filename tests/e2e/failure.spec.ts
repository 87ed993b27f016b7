import { expect, test } from "@playwright/test";
import { eventsIn } from "./shell-fixtures";

// The failure page of SPEC.md section 2, shown for a render error (/__boom throws while test hooks are on).

const isSiteDown = (request: import("@playwright/test").Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/events" && eventsIn(request).some((e) => e.name === "Site Down");

test("a render failure shows the failure page and reports Site Down", async ({ page }) => {
  const reported = page.waitForRequest(isSiteDown);
  const response = await page.goto("/__boom");
  expect(response?.status()).toBe(500);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sorry, Something Went Wrong", { useInnerText: true });
  await expect(page).toHaveTitle("Sorry, Something Went Wrong | Seed");
  await expect(page.getByText("Something unexpected happened, and our team has been notified of this error.", { exact: true })).toBeVisible();
  await expect(page.getByText("Kindly refresh the page to continue.", { exact: true })).toBeVisible();
  const event = eventsIn(await reported).find((e) => e.name === "Site Down");
  expect(event?.properties).toMatchObject({ path: "/__boom" });
});

test("'Refresh the Page' reloads the page", async ({ page }) => {
  await page.goto("/__boom");
  const button = page.getByRole("button", { name: "Refresh the Page" });
  await expect(button).toBeVisible();
  // A marker on window survives everything but a real reload.
  await page.evaluate(() => ((window as unknown as { beforeReload?: boolean }).beforeReload = true));
  const reload = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/__boom");
  await button.click();
  await reload;
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sorry, Something Went Wrong");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Refresh the Page' still asks for the page again (a plain form)", async ({ page }) => {
    await page.goto("/__boom");
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/__boom");
    await page.getByRole("button", { name: "Refresh the Page" }).click();
    await reload;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sorry, Something Went Wrong");
  });
});

test("an unknown path answers 404 with ways on: the products and the help people look for, axe-clean at 1440 and 390", async ({ page }) => {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: /DS-01® Daily Synbiotic/ })).toHaveAttribute("href", "/daily-synbiotic");
    await expect(main.getByRole("link", { name: "Manage, skip or cancel a subscription" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Write to our care team" })).toHaveAttribute("href", "/contact");
    const { default: AxeBuilder } = await import("@axe-core/playwright");
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);
    await page.screenshot({ path: `test-results/not-found-${width}.png`, fullPage: true });
  }
});
