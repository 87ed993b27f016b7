import { expect, test, type Page } from "@playwright/test";
import { open, uniqueEmail } from "../shell-fixtures";
import { fromMailbox, requestPasswordless, submitSignUp } from "../support/accounts";

/**
 * Accounts in one step (issue 34, points 9 and 10) as a newcomer meets them: the cookie banner shown and never
 * answered, at 1440 (first-visit-1440) and 390 (first-visit-390).
 */
test.describe.configure({ timeout: 120_000 });

const banner = (page: Page) => page.getByTestId("consent-banner");

test.afterEach(async ({ page }) => {
  expect(await page.evaluate(() => localStorage.getItem("seed_cookie_consent")), "the banner was never answered").toBeNull();
});

test("create an account: signed in on the account home at once; a sign-in link then shows only its own card", async ({ page }) => {
  const email = uniqueEmail("first-one-step");
  await open(page, "/signup");
  await expect(banner(page)).toBeVisible();
  await submitSignUp(page, email, "first-one-step-pass");
  await expect(page).toHaveURL(/\/account\/home\?welcome=1$/);
  await expect(page.getByText("Welcome to Seed, your account is ready.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);

  // The verification link signs in and says so.
  const verify = await fromMailbox(page, email, "account-verify");
  await page.goto(verify.link!);
  await expect(page.getByText("Your email is verified.")).toBeVisible();

  // Signed out, a magic link's page: one card, one Sign In button, and a way to the others.
  await page.context().clearCookies();
  await open(page, "/login");
  const magic = new URL((await requestPasswordless(page, email, "link")).link!);
  await open(page, magic.pathname + magic.search);
  await expect(banner(page)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Sign In" })).toHaveCount(1);
  await expect(main.getByRole("link", { name: "Use another way to sign in" })).toBeVisible();
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});
