import { expect, test, type Browser, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations, fromMailbox } from "./support/accounts";
import { addPlanToCart, buyThroughApi, newestEmailText, pathAfter, placeOrder } from "./support/journeys";

/**
 * Issue 34, "welcomed after" (ADR 0063): a guest checks out, is offered the account on the thank-you page, and follows
 * the confirmation email's order, invoice and manage links signed out; the friend's referral landing shows the product,
 * the friend's price and, when the member allows it, their first name. At 1440 and 390 wide.
 */

/** A browser with no cookies at all: the guest on another device, reading their email. */
async function signedOut(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => localStorage.setItem("seed_cookie_consent", JSON.stringify({ C0001: true, C0002: true, C0003: true, C0004: true, C0005: true })));
  return context.newPage();
}

for (const [name, viewport] of [
  ["1440", DESKTOP],
  ["390", MOBILE],
] as const) {
  test.describe(`${name} wide`, () => {
    test.use({ viewport });

    test("a guest checks out, claims the account from thank-you, and opens the order, invoice and manage links signed out", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const email = uniqueEmail(`guest-${name}`);
      await addPlanToCart(page, "/daily-synbiotic", "syn-wk");
      await open(page, "/checkout");
      await placeOrder(page, email, /\$\d/);
      const number = (await page.locator(".thank-you__eyebrow").textContent())!.replace("Order ", "");

      // Thank-you: the claim is one press and answers in words that do not tell whether the address has an account.
      const claim = page.getByRole("region", { name: "Create your account" });
      await expect(claim).toContainText(email);
      await expectNoViolations(page);
      await page.screenshot({ path: `test-results/guest-thank-you-claim-${name}.png`, fullPage: true });
      await claim.getByRole("button", { name: "Email me the link" }).click();
      await expect(claim.getByRole("status")).toHaveText(/Check your inbox: we have sent a link to finish/);
      const setPassword = await fromMailbox(page, email, "account-set_password");
      expect(setPassword.link).toMatch(/\/recover\?token=.+&kind=set/);

      // The confirmation email, read in the development mailbox.
      const text = await newestEmailText(page, email, /Your Seed order/);
      await page.screenshot({ path: `test-results/guest-confirmation-email-${name}.png`, fullPage: true });
      const orderPath = pathAfter(text, "View your order");
      const invoicePath = pathAfter(text, "Invoice");
      const managePath = pathAfter(text, "Manage it \\(skip a shipment, cancel\\), no password needed");

      const guest = await signedOut(browser, viewport);
      await open(guest, orderPath);
      await expect(guest.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
      await expect(guest.getByText(`Order ${number}`)).toBeVisible();
      await expect(guest.getByText("Paid: we are preparing it")).toBeVisible();
      await expect(guest.getByRole("region", { name: "What you ordered" })).toContainText("DS-01");
      await expect(guest.getByRole("region", { name: "Delivery and payment" })).toContainText("12");
      await expect(guest.getByRole("region", { name: "Create your account" })).toBeVisible();
      await expectNoViolations(guest);
      await guest.screenshot({ path: `test-results/guest-order-${name}.png`, fullPage: true });

      // The invoice, as a page and as a PDF, by the same signed link.
      await guest.getByRole("link", { name: "View invoice" }).click();
      await expect(guest.getByRole("heading", { name: "Invoice" })).toBeVisible();
      await expect(guest.getByText(`Invoice number: ${number}`)).toBeVisible();
      await expectNoViolations(guest);
      await guest.screenshot({ path: `test-results/guest-invoice-${name}.png`, fullPage: true });
      const pdfHref = await guest.getByRole("link", { name: "Download PDF" }).getAttribute("href");
      const pdf = await guest.request.get(pdfHref!);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
      expect(new URL(guest.url()).pathname + new URL(guest.url()).search).toBe(invoicePath);

      // The subscription's page from the manage link: its next charge, skip and cancel, no password.
      await open(guest, managePath);
      await expect(guest.getByRole("heading", { level: 1 })).toContainText("DS-01");
      await expect(guest.getByText("Active")).toBeVisible();
      await expectNoViolations(guest);
      await guest.screenshot({ path: `test-results/guest-manage-${name}.png`, fullPage: true });
      await guest.getByRole("link", { name: "Skip the next shipment" }).click();
      await expect(guest.getByRole("heading", { name: "Skip this shipment" })).toBeVisible();

      // A changed token opens nothing; the PDF answers 4xx with a code and a message.
      const badPdf = await guest.request.get(pdfHref!.replace(/token=([^.]+)\./, "token=$1x."));
      expect(badPdf.status()).toBe(400);
      expect(await badPdf.json()).toMatchObject({ code: "VALIDATION_ERROR", message: "This link is not valid." });
      await open(guest, orderPath.replace(/token=([^.]+)\./, "token=$1x."));
      await expect(guest.getByRole("heading", { name: "We could not open this order" })).toBeVisible();
      await guest.context().close();
    });

    test("the referral landing shows the product at the friend's price, and the member's first name once they allow it", async ({ page, browser }) => {
      test.setTimeout(120_000);
      const member = uniqueEmail(`referrer-${name}`);
      await signIn(page, { email: member, firstName: "Ann" });
      await buyThroughApi(page, member);
      await open(page, "/account/refer");
      const link = await page.getByTestId("refer-link-field").inputValue();
      const path = new URL(link).pathname;
      await expect(page.getByTestId("refer-shows-name")).not.toBeChecked();

      const friend = await signedOut(browser, viewport);
      await open(friend, path);
      await expect(friend.getByRole("heading", { level: 1, name: "A Seed member sent you 15% off your first order" })).toBeVisible();
      await expect(friend.getByRole("heading", { name: /DS-01/ })).toBeVisible();
      await expect(friend.getByTestId("landing-price")).toHaveText(/^\$\d+\.\d\d \$\d+\.\d\d$/);

      await page.getByTestId("refer-shows-name").check();
      await page.getByRole("button", { name: "Save choice" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved: your first name shows" })).toBeVisible();
      await expectNoViolations(page);
      await page.screenshot({ path: `test-results/refer-name-choice-${name}.png`, fullPage: true });

      await open(friend, path);
      await expect(friend.getByRole("heading", { level: 1, name: "Ann sent you 15% off your first order" })).toBeVisible();
      await expectNoViolations(friend);
      await friend.screenshot({ path: `test-results/referral-landing-${name}.png`, fullPage: true });
      await friend.context().close();
    });
  });
}
