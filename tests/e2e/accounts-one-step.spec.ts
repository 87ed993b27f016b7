import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations, fromMailbox, requestPasswordless, signUpAndSignIn, submitSignUp } from "./support/accounts";

// Issue 34, points 9 and 10: accounts in one step, and every sign-in attempt answered.
test.describe.configure({ timeout: 120_000 });

/** Signed in: the header offers no Login link (on a phone the Account entry lives in the menu drawer). */
const expectSignedIn = (page: Page) => expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/one-step-${name}.png`, fullPage: true });

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test(`creating an account signs in on the account home; the verification link signs in another browser (${label})`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`one-step-${label}`);
    await open(page, "/signup");
    await submitSignUp(page, email, "one-step-pass");
    await expect(page).toHaveURL(/\/account\/home\?welcome=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Ada");
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Welcome to Seed" })).toContainText(`We sent a link to ${email}`);
    await expectSignedIn(page);
    await expectNoViolations(page);
    await shot(page, `signed-up-${label}`);

    // The link, opened on another device (a browser without the sign-up's session), signs that one in too.
    const { link } = await fromMailbox(page, email, "account-verify");
    const phone = await browser.newContext({ viewport });
    const other = await phone.newPage();
    await other.goto(link!);
    await expect(other).toHaveURL(/\/account\/home\?verified=1$/);
    await expect(other.getByText("Your email is verified.")).toBeVisible();
    await expectSignedIn(other);
    await expect(other.locator("[data-hydrated]")).toBeAttached();
    await expectNoViolations(other);
    await shot(other, `verified-${label}`);

    // Used once: opened again, it says so and sends a new link.
    await other.context().clearCookies();
    await other.goto(link!);
    await expect(other).toHaveURL(/\/login\?verified=0$/);
    const stale = other.getByRole("region", { name: "Verify your email" });
    await expect(stale.getByRole("alert")).toHaveText("This verification link has expired or was already used.");
    await expect(other.locator("[data-hydrated]")).toBeAttached();
    await expectNoViolations(other);
    await stale.getByLabel("Email", { exact: true }).fill(email);
    await stale.getByRole("button", { name: "Send a new link" }).click();
    await expect(stale.getByRole("status")).toContainText("a new link is on its way");
    await shot(other, `stale-link-${label}`);
    await phone.close();
  });
}

test("a sign-up with a return path goes back there; an address with an account signs nobody in", async ({ page }) => {
  const email = uniqueEmail("one-step-back");
  await open(page, `/signup?redirectTo=${encodeURIComponent("/account/orders")}`);
  await submitSignUp(page, email, "back-pass-1");
  await expect(page).toHaveURL(/\/account\/orders$/);

  // Signed out, the same address again: the same words as ever, and still signed out.
  await page.context().clearCookies();
  await open(page, "/signup");
  await submitSignUp(page, email, "someone-else");
  await expect(page.getByRole("main").getByRole("status").first()).toHaveText(`We sent a link to ${email}. Open it to verify your account, then sign in.`);
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});

test("creating an account signs in without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("one-step-nojs");
  await page.goto("/signup");
  await submitSignUp(page, email, "no-js-pass");
  await expect(page).toHaveURL(/\/account\/home\?welcome=1$/);
  await expect(page.getByText("Welcome to Seed, your account is ready.")).toBeVisible();

  // And a code sign-in answers a wrong try, then takes the right one, with the page rebuilt by the server each time.
  await context.clearCookies();
  await page.goto("/login");
  const passwordless = page.getByRole("region", { name: "Sign in without a password" });
  await passwordless.getByLabel("Email", { exact: true }).fill(email);
  await passwordless.getByRole("button", { name: "Email me a code" }).click();
  await expect(passwordless.getByRole("status")).toContainText("6-digit code");
  const code = await codeWithoutScripts(page, email);
  const field = passwordless.getByLabel("6-digit code");
  await field.fill(code === "000000" ? "111111" : "000000");
  await field.press("Enter");
  await expect(passwordless.getByRole("alert")).toHaveText(/That code is not right/);
  await passwordless.getByLabel("6-digit code").fill(code!);
  await passwordless.getByLabel("6-digit code").press("Enter");
  await expect(page).toHaveURL(/\/account\/home$/);
  await context.close();
});

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test(`a pressed magic link shows only its own card, with a way back to the others (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail(`one-card-${label}`);
    await signUpAndSignIn(page, email, "one-card-pass");
    await page.context().clearCookies();
    await open(page, "/login");
    const { link } = await requestPasswordless(page, email, "link");

    await open(page, new URL(link!).pathname + new URL(link!).search);
    const main = page.getByRole("main");
    await expect(main.getByRole("region", { name: "Finish signing in" })).toBeVisible();
    await expect(main.getByRole("button", { name: "Sign In" })).toHaveCount(1);
    await expect(main.getByRole("region", { name: "Login" })).toHaveCount(0);
    await expect(main.getByRole("region", { name: "Sign in without a password" })).toHaveCount(0);
    await expectNoViolations(page);
    await shot(page, `magic-link-${label}`);

    await main.getByRole("link", { name: "Use another way to sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(main.getByRole("region", { name: "Login" })).toBeVisible();

    // The link still works (the way back spent nothing), and it answers its press.
    await open(page, new URL(link!).pathname + new URL(link!).search);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account\/home$/);
    // Pressed again (used): the card says so, and offers the other ways.
    await page.context().clearCookies();
    await open(page, new URL(link!).pathname + new URL(link!).search);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(main.getByRole("alert")).toHaveText("This link has expired or was already used. Please ask for a new one.");
    await expect(main.getByRole("link", { name: "Use another way to sign in" })).toBeVisible();
  });
}

test("a wrong code, then the right one with Enter, signs in (each attempt answered)", async ({ page }) => {
  const email = uniqueEmail("code-retry");
  await signUpAndSignIn(page, email, "code-pass");
  await page.context().clearCookies();
  await open(page, "/login");
  const passwordless = page.getByRole("region", { name: "Sign in without a password" });
  const { code } = await requestPasswordless(page, email, "code");
  const wrong = code === "000000" ? "111111" : "000000";
  const field = passwordless.getByLabel("6-digit code");
  await field.fill(wrong);
  await field.press("Enter");
  await expect(passwordless.getByRole("alert")).toHaveText(/That code is not right/);
  await expect(field).toBeFocused();
  // The same wrong code again, unchanged: answered again.
  await field.press("Enter");
  await expect(passwordless.getByRole("alert")).toHaveText(/That code is not right/);
  await field.fill(code!);
  await field.press("Enter");
  await expect(page).toHaveURL(/\/account\/home$/);
});

test("a wrong password, then the right one with Enter, signs in (each attempt answered)", async ({ page }) => {
  const email = uniqueEmail("password-retry");
  await signUpAndSignIn(page, email, "right-pass");
  await page.context().clearCookies();
  await open(page, "/login");
  const login = page.getByRole("region", { name: "Login" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  const password = login.getByLabel("Password", { exact: true });
  await password.fill("wrong-pass");
  await password.press("Enter");
  await expect(login.getByRole("alert")).toHaveText("Incorrect username/password");
  await password.fill("right-pass");
  await password.press("Enter");
  await expect(page).toHaveURL(/\/account\/home$/);
});

/** The newest sign-in code to an address, read from the development mailbox by a page without scripts. */
async function codeWithoutScripts(shopper: Page, to: string): Promise<string> {
  const page = await shopper.context().newPage();
  await page.goto("/dev/mailbox");
  await page.locator("tbody tr", { hasText: to }).filter({ hasText: "account-login_code" }).first().getByRole("link").first().click();
  const text = (await page.getByTestId("text-part").textContent()) ?? "";
  await page.close();
  return /Your code: (\d{6})/.exec(text)![1]!;
}
