import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";
import { buyThroughApi as buy } from "./support/journeys";

/**
 * The landing page of the renewal emails' one-click links (/subscription-link, issue 12): the signed token stands in
 * for signing in, one confirmation screen, then done. axe clean at 1440 and 390, screenshots in test-results/.
 * The link comes from a test hook (the reminder goes 3 days before a charge; this server cannot move its clock).
 */
async function linkFor(page: Page, email: string, action: "skip" | "update-card"): Promise<string> {
  const res = await page.request.post("/__test/renewal-link", { data: { email, action } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { path: string }).path;
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const [name, viewport] of [
  ["1440", DESKTOP],
  ["390", MOBILE],
] as const) {
  test.describe(`${name} wide`, () => {
    test.use({ viewport });

    test("skip: the confirmation screen, then done; update-card form; a bad link: each axe clean", async ({ page }) => {
      test.setTimeout(240_000);
      const email = uniqueEmail(`link-${name}`);
      await buy(page, email);

      await open(page, await linkFor(page, email, "skip"));
      await expect(page.getByRole("heading", { level: 1, name: "Skip this shipment" })).toBeVisible();
      await expect(page.getByText(/^Skip the shipment of .+\. Your next charge will be on .+\.$/)).toBeVisible();
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/subscription-link-skip-${name}.png`, fullPage: true });
      await page.getByRole("button", { name: "Yes, skip this shipment" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "All set" })).toBeVisible();
      await expect(page.locator("main").getByRole("status")).toContainText("Done: this shipment is skipped.");
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/subscription-link-done-${name}.png`, fullPage: true });

      await open(page, await linkFor(page, email, "update-card"));
      await expect(page.getByRole("heading", { level: 1, name: "Update your card" })).toBeVisible();
      await expect(page.getByRole("group", { name: "Your new card" })).toBeVisible();
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/subscription-link-card-${name}.png`, fullPage: true });

      await open(page, "/subscription-link?action=skip&token=not-a-token");
      await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/subscription-link-invalid-${name}.png`, fullPage: true });
    });
  });
}
