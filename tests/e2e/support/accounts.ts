import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open } from "../shell-fixtures";

/** Reads the newest email of a template to an address from the development mailbox: its link, or its code. */
export async function fromMailbox(shopper: Page, to: string, template: string): Promise<{ link: string | null; code: string | null }> {
  // In a tab of its own, like a mail app beside the shop: the shop's page keeps its state.
  const page = await shopper.context().newPage();
  await open(page, "/dev/mailbox");
  const row = page.locator("tbody tr", { hasText: to }).filter({ hasText: template }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").first().click();
  const text = (await page.getByTestId("text-part").textContent()) ?? "";
  await page.close();
  return { link: text.match(/https?:\/\/\S+/)?.[0] ?? null, code: text.match(/Your code: (\d{6})/)?.[1] ?? null };
}

/**
 * On /login, signed out: asks "Sign in without a password" for a link or a code, waits for the page to say it is on
 * its way, and reads it from the mailbox.
 */
export async function requestPasswordless(page: Page, email: string, kind: "link" | "code"): Promise<{ link: string | null; code: string | null }> {
  const passwordless = page.getByRole("region", { name: "Sign in without a password" });
  await passwordless.getByLabel("Email", { exact: true }).fill(email);
  await passwordless.getByRole("button", { name: kind === "link" ? "Email me a link" : "Email me a code" }).click();
  await expect(passwordless.getByRole("status")).toContainText(kind === "link" ? "sign-in link" : "6-digit code");
  return fromMailbox(page, email, kind === "link" ? "account-magic_link" : "account-login_code");
}

export async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Fills and sends the sign-up form (the page must be /signup). */
export async function submitSignUp(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("First name", { exact: true }).fill("Ada");
  await main.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Create account" }).click();
}

/**
 * Signs up (which signs in at once, issue 34) and opens the verification link from the mailbox (which signs in and
 * verifies); leaves the shopper signed in on /account/home, verified, so a password sign-in works later too.
 */
export async function signUpAndSignIn(page: Page, email: string, password: string) {
  // Sign-up, the mailbox and sign-in take 10 s alone and passed 30 s on CI beside the multi-process spec: whatever
  // test or hook calls this gets a minute more for it.
  test.info().setTimeout(test.info().timeout + 60_000);
  await open(page, "/signup");
  await submitSignUp(page, email, password);
  await expect(page).toHaveURL(/\/account\/home\?welcome=1$/);
  await expect(page.getByText("Welcome to Seed, your account is ready.")).toBeVisible();
  const { link } = await fromMailbox(page, email, "account-verify");
  await page.goto(link!);
  await expect(page).toHaveURL(/\/account\/home\?verified=1$/);
  await expect(page.getByText("Your email is verified.")).toBeVisible();
}
