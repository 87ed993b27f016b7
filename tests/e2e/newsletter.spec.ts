import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";

// The newsletter's double opt-in and one-click unsubscribe with JavaScript off, and Global Privacy Control on #do-not-sell.

/** The first link to `path` in the newest email to `to` with that subject, read from the development mailbox. */
async function linkFromMailbox(page: Page, to: string, subject: string, path: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const row = page.locator("tbody tr", { hasText: to }).filter({ hasText: subject }).first();
  await row.getByRole("link").first().click();
  const text = (await page.locator("main").textContent()) ?? "";
  const match = new RegExp(`https?://[^\\s"<]+${path.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9._%-]+`).exec(text);
  expect(match, `a ${path} link in "${subject}"`).not.toBeNull();
  return match![0];
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  // Two emails waited for and six page loads: generous time for a loaded CI machine.
  test("sign up from the footer, confirm from the email, then unsubscribe from the welcome email", async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("optin");
    await page.goto("/science");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/Email in\. Thank you\. Check your inbox/);

    const confirm = await linkFromMailbox(page, email, "Confirm your Seed newsletter subscription", "/newsletter/confirm");
    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    await expect(page.getByRole("main").locator(".mail-form-success")).toContainText(email);

    const unsubscribe = await linkFromMailbox(page, email, "welcome to the Seed newsletter", "/newsletter/unsubscribe");
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  });

  test("a forged confirmation link says so", async ({ page }) => {
    const res = await page.goto("/newsletter/confirm?token=forged.token");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("alert")).toContainText("not valid");
  });
});

test.describe("Global Privacy Control", () => {
  test("a browser sending Sec-GPC: 1 sees on #do-not-sell that the signal was honoured, before and after JavaScript", async ({ browser, baseURL }) => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, extraHTTPHeaders: { "Sec-GPC": "1" }, viewport: DESKTOP });
      const page = await context.newPage();
      await page.goto("/privacy-policy#do-not-sell");
      await expect(page.locator("#do-not-sell [data-gpc]")).toHaveAttribute("data-gpc", "honoured");
      await expect(page.locator("#do-not-sell")).toContainText("Global Privacy Control signal honoured.");
      await context.close();
    }
  });

  test("without the signal the section says how to opt out", async ({ page }) => {
    await open(page, "/privacy-policy");
    await expect(page.locator("#do-not-sell [data-gpc]")).toHaveAttribute("data-gpc", "absent");
  });

  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`axe and screenshot of #do-not-sell with GPC at ${label}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Sec-GPC": "1" }, viewport });
      const page = await context.newPage();
      await open(page, "/privacy-policy");
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
      await page.locator("#do-not-sell").screenshot({ path: `test-results/shots/do-not-sell-gpc-${label}.png` });
      await context.close();
    });
  }

  for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
    test(`axe on the confirmation and unsubscribe pages at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/newsletter/confirm?token=x", "/newsletter/unsubscribe?token=x"]) {
        await open(page, path);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${path} ${v.id}`)).toEqual([]);
      }
      await page.screenshot({ path: `test-results/shots/newsletter-unsubscribe-${label}.png` });
    });
  }
});
