import { expect, test } from "@playwright/test";
import { open, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * Issue 33, point 3 in the browser (ADR 0055): a customer's sign-in code is in full in the development mailbox (the
 * developer's tool), and hidden on the console's email list and email page, which still say it was sent and send it
 * again without showing it.
 */
test("the console shows a sign-in code email as sent, never its code, and sends it again", async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("console-code");
  await placeOrderByApi(page, email);
  expect((await page.request.post("/api/mail/code", { data: { email } })).status()).toBe(200);

  await open(page, "/dev/mailbox");
  const mailboxRow = page.locator("tbody tr", { hasText: email }).filter({ hasText: "sign-in code" });
  const code = /(\d{6}) is your Seed sign-in code/.exec((await mailboxRow.textContent()) ?? "")?.[1];
  expect(code, "the mailbox shows the code in full").toBeTruthy();

  await signInNewOwner(page, { tag: "emails-owner" });
  await page.goto("/console/emails");
  const row = page.locator("tbody tr", { hasText: email }).filter({ hasText: "sign-in code" });
  await expect(row).toContainText("[code hidden] is your Seed sign-in code");
  await expect(row).not.toContainText(code!);

  await row.getByRole("link", { name: "[code hidden] is your Seed sign-in code" }).click();
  await expect(page).toHaveURL(/\/console\/emails\/[0-9a-f-]{36}$/);
  await expect(page.locator("#console-main h1")).toHaveText("[code hidden] is your Seed sign-in code");
  await expect(page.locator("#console-main")).toContainText(email);
  await expect(page.locator("#console-main")).toContainText("account-login_code");
  await expect(page.locator("#console-main")).not.toContainText(code!);
  await expectNoViolations(page, "the email page");

  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status")).toHaveText(/A new email .* is on its way/);
  await expect(page.locator("#console-main")).not.toContainText(code!);
});
