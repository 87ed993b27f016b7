import { expect, test } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations, fromMailbox, requestPasswordless, signUpAndSignIn } from "./support/accounts";
import { fillCheckout } from "./support/checkout-form";

// Whole journeys across several pages, emails and a second tab: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("sign up, verify from the mailbox, sign in, edit settings and address, replace the card, sign out", async ({ page }) => {
  const email = uniqueEmail("signup");
  await signUpAndSignIn(page, email, "first-pass");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Ada");
  await expect(page.getByRole("banner").getByRole("button", { name: "Account" })).toBeVisible();

  await open(page, "/account");
  const details = page.getByRole("region", { name: "Your details" });
  await details.getByLabel("Phone", { exact: true }).fill("12");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Please enter a valid phone number")).toBeVisible();
  await details.getByLabel("Phone", { exact: true }).fill("+1 415 555 0100");
  await details.getByLabel("First name").fill("Grace");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved.");

  const address = page.getByRole("region", { name: "Shipping address" });
  await address.getByLabel("Street address").fill("1 Main St");
  await address.getByLabel("City", { exact: true }).fill("Austin");
  await address.getByLabel("State", { exact: true }).selectOption("TX");
  await address.getByLabel("ZIP code").fill("78701");
  await address.getByRole("button", { name: "Save address" }).click();
  await expect(address.getByRole("status")).toHaveText("Saved.");

  const billing = page.getByRole("region", { name: "Billing" });
  await billing.getByLabel("Card number").fill("4242 4242 4242 4242");
  await billing.getByLabel("Expiry (MM / YY)").fill("12 / 30");
  await billing.getByLabel("Security code").fill("123");
  await billing.getByRole("button", { name: "Replace card" }).click();
  await expect(billing.getByRole("status")).toHaveText("Your new card is saved.");
  await expect(billing).toContainText("ending 4242");

  await page.reload();
  await expect(page.getByRole("region", { name: "Your details" }).getByLabel("First name")).toHaveValue("Grace");
  await expect(page.getByRole("region", { name: "Shipping address" }).getByLabel("City", { exact: true })).toHaveValue("Austin");

  // The browser keeps who is signed in (SPEC.md section 4), and never a token.
  const storedUser = () => page.evaluate(() => localStorage.getItem("seed_user"));
  await expect.poll(storedUser).toContain('"firstName":"Grace"');
  expect(await storedUser()).not.toMatch(/token|jwt/i);

  await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  expect(await storedUser()).toBeNull();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

test("a signed-out visitor of an account page signs in and comes back to it; wrong password words", async ({ page }) => {
  const email = uniqueEmail("back");
  await signUpAndSignIn(page, email, "back-pass");
  await page.context().clearCookies();
  await page.goto("/");
  await page.goto("/account/home#refer");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fhome(#refer)?$/);
  const login = page.getByRole("region", { name: "Login" });
  await login.getByLabel("Email", { exact: true }).fill("not-an-email");
  await login.getByLabel("Password", { exact: true }).fill("123");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(login.getByText("Kindly enter a valid email address.")).toBeVisible();
  await expect(login.getByText("Password must be at least 6 characters long.")).toBeVisible();
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password", { exact: true }).fill("wrong-pass");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(login.getByRole("alert")).toHaveText("Incorrect username/password");
  await login.getByLabel("Password", { exact: true }).fill("back-pass");
  await expect(login.getByRole("alert")).toHaveCount(0);
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account\/home(#refer)?$/);
});

test("recover a password from the emailed link", async ({ page }) => {
  const email = uniqueEmail("recover");
  await signUpAndSignIn(page, email, "old-pass");
  await page.context().clearCookies();
  await open(page, "/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/recover$/);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("reset your password");
  const { link } = await fromMailbox(page, email, "account-reset_password");
  await page.goto(link!);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("new-pass");
  await page.getByRole("main").getByRole("button", { name: "Save password and sign in" }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
  await page.goto(link!);
  await expect(page.getByText("This link has expired or was already used.")).toBeVisible();
});

test("sign in with a magic link, and with a 6-digit code", async ({ page }) => {
  const email = uniqueEmail("passwordless");
  await signUpAndSignIn(page, email, "some-pass");
  await page.context().clearCookies();
  await open(page, "/login");
  const passwordless = page.getByRole("region", { name: "Sign in without a password" });
  const { link } = await requestPasswordless(page, email, "link");
  await page.goto(link!);
  await page.getByRole("region", { name: "Finish signing in" }).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account\/home$/);

  await page.context().clearCookies();
  await open(page, "/login");
  const mail = await requestPasswordless(page, email, "code");
  await passwordless.getByLabel("6-digit code").fill(mail.code!);
  await passwordless.getByRole("button", { name: "Sign in with code" }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
});

test("a guest buyer sets a password from the email and sees their order", async ({ page }) => {
  const email = uniqueEmail("guest");
  await page.goto("/__baseline");
  await page.evaluate(() => localStorage.setItem("seed_cart_items", JSON.stringify({ "syn-wk": 1 })));
  await open(page, "/checkout");
  await fillCheckout(page, { email, card: "4242424242424242" });
  await page.getByRole("main").getByRole("button", { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  // The receipt renders after the URL changes: wait for its order number before reading it.
  await expect(page.locator("main")).toContainText(/SD-\d+/);
  const number = /SD-\d+/.exec((await page.locator("main").textContent()) ?? "")![0];

  await page.context().clearCookies();
  await open(page, "/login");
  await page.getByRole("link", { name: "Don't have a password?" }).click();
  await expect(page).toHaveURL(/\/recover\?kind=set$/);
  await page.getByRole("main").getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("main").getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("set your password");
  const { link } = await fromMailbox(page, email, "account-set_password");
  await page.goto(link!);
  await page.getByRole("main").getByLabel("New password", { exact: true }).fill("guest-pass");
  await page.getByRole("main").getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(/\/account\/home$/);
  const data = await page.request.get("/api/user/data");
  expect((await data.json()).orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([number]);
  // And in their order history, as any member sees it.
  await open(page, "/account/orders");
  await expect(page.getByRole("main")).toContainText(number);
});

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test(`axe finds nothing on the account pages at ${label} wide`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/login", "/signup", "/recover", "/recover?kind=set"]) {
      await open(page, path);
      await expectNoViolations(page);
    }
    await signUpAndSignIn(page, uniqueEmail(`axe-${label}`), "axe-pass");
    for (const path of ["/account/home", "/account"]) {
      await open(page, path);
      await expectNoViolations(page);
      await page.screenshot({ path: `test-results/account-${path.replaceAll("/", "_")}-${label}.png`, fullPage: true });
    }
  });
}
