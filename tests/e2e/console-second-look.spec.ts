import { expect, test, type BrowserContext } from "@playwright/test";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * Money with a second look (issue 36, ADR 0075): every refund shows what it does and asks for a confirmation (a
 * dialog with scripts, a page without); a partial refund reads "partially refunded"; refunding everything left needs
 * the order number typed; processing a deletion needs DELETE typed; the audit log reads as a diff. One owner, one
 * server, few steps: the rules are proven by the server tests (server/http/console/refund-confirmation.test.ts).
 */
test.describe.configure({ mode: "serial" });

/** The owner signed in by the first test, reused by the others (one setup and two TOTP steps cost a minute). */
let ownerState: Awaited<ReturnType<BrowserContext["storageState"]>>;

test("a refund asks first, in a dialog: the amount, the customer's email, the points; then the order reads partially refunded", async ({ page }) => {
  test.setTimeout(300_000);
  const order = await placeOrderByApi(page, uniqueEmail("second-look"), { firstName: "Dorothy", lastName: "Vaughan" });
  await signInNewOwner(page, { tag: "second-look-owner" });
  ownerState = await page.context().storageState();

  await page.goto(`/console/orders/${order.number}`);
  await page.getByLabel(/Amount to refund/).fill("10.00");
  await page.getByRole("button", { name: "Refund this amount…" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the refund" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Refund $10.00 of order ${order.number}`);
  await expect(dialog.getByLabel("The email the customer gets")).toContainText(`A partial refund for order ${order.number}`);
  await expect(dialog.getByLabel("The email the customer gets")).toContainText("Hi Dorothy, we have refunded $10.00");
  await expect(dialog).toContainText(/10 loyalty points the refunded part earned come off/);
  // Nothing was refunded by looking.
  await expect(page.getByText("No refunds.")).toBeVisible();
  await expectNoViolations(page, "refund dialog at 1440");
  await page.screenshot({ path: "test-results/second-look-dialog-1440.png" });
  await page.setViewportSize(MOBILE);
  await expectNoViolations(page, "refund dialog at 390");
  await page.screenshot({ path: "test-results/second-look-dialog-390.png" });
  await page.setViewportSize(DESKTOP);

  // Escape closes it and refunds nothing; focus goes back to the form.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Refund this amount…" }).click();
  // The dialog asks the server again on opening: type once its answer is in (and the page has settled).
  await expect(dialog).toContainText(`Refund $10.00 of order ${order.number}`);
  await page.waitForLoadState("networkidle");
  await dialog.getByLabel(/Reason/).fill("One bottle arrived cracked");
  await expect(dialog.getByLabel(/Reason/)).toHaveValue("One bottle arrived cracked");
  await dialog.getByRole("button", { name: "Refund $10.00" }).click();
  // The page's own message (the dialog, portalled outside main, has closed).
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Refunded $10.00; the customer was emailed.");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toContainText("partially refunded");
  await page.goto("/console/orders");
  await expect(page.getByRole("row", { name: new RegExp(order.number) })).toContainText("partially refunded");

  // Everything left: the button looks destructive and the dialog wants the order number typed.
  await page.goto(`/console/orders/${order.number}`);
  await page.getByRole("button", { name: "Refund everything left…" }).click();
  const left = `$${((order.total - 1000) / 100).toFixed(2)}`;
  await expect(dialog).toContainText(`Refund ${left} of order ${order.number}`);
  await dialog.getByLabel(/Reason/).fill("Customer returned the rest");
  await dialog.getByLabel(`Type the order number ${order.number} to refund everything left`).fill("SD-000001");
  await dialog.getByRole("button", { name: `Refund ${left} (everything left)` }).click();
  await expect(dialog.getByRole("alert")).toContainText(`Type the order number ${order.number}`);
  await dialog.getByLabel(`Type the order number ${order.number} to refund everything left`).fill(order.number);
  await dialog.getByRole("button", { name: `Refund ${left} (everything left)` }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Refunded ${left}; the customer was emailed.`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toContainText("refunded");
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).not.toContainText("partially");
});

test.describe("before scripts", () => {
  test.use({ javaScriptEnabled: false });
  test("the refund form asks a confirmation page, which refunds and comes back", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ storageState: ownerState, javaScriptEnabled: false });
    const page = await context.newPage();
    const order = await placeOrderByApi(page, uniqueEmail("second-look-nojs"));
    await page.goto(`/console/orders/${order.number}`);
    await page.getByLabel(/Amount to refund/).fill("5.00");
    await page.getByRole("button", { name: "Refund this amount…" }).click();
    await expect(page).toHaveURL(new RegExp(`/console/orders/${order.number}/refund\\?amount=5.00`));
    await expect(page.getByRole("heading", { name: "Confirm the refund" })).toBeVisible();
    await expect(page.getByLabel("The email the customer gets")).toContainText(`A partial refund for order ${order.number}`);
    await page.getByLabel(/Reason/).fill("Late delivery");
    await page.getByRole("button", { name: "Refund $5.00" }).click();
    await expect(page).toHaveURL(new RegExp(`/console/orders/${order.number}\\?refunded=`));
    await expect(page.getByRole("status")).toHaveText("Refunded $5.00; the customer was emailed.");
    await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toContainText("partially refunded");
    await context.close();
  });
});

test("processing a deletion needs DELETE typed; the audit log reads as a diff", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: ownerState, viewport: DESKTOP });
  const page = await context.newPage();
  const email = uniqueEmail("second-look-erase");
  await placeOrderByApi(page, email);
  await page.goto(`/console/customers?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).first().click();
  const erase = page.getByRole("button", { name: "Process deletion now" });
  await expect(erase).toHaveClass(/c-button-danger/);
  await page.getByLabel("How the customer asked").fill("Email of 29 November");
  await erase.click();
  await expect(page.getByRole("status")).toHaveText("Erasing a customer cannot be undone. Type DELETE to confirm.");
  // The refusal revalidates the page: type once it has settled, so the word is not typed into a field being redrawn.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Type DELETE to process the deletion now").fill("delete");
  await expect(page.getByLabel("Type DELETE to process the deletion now")).toHaveValue("delete");
  await erase.click();
  // The word is right; the server's next rule speaks (the order started a subscription).
  await expect(page.getByRole("status")).toContainText("active subscription. Cancel it first");

  await page.goto("/console/audit");
  const refundRow = page.getByRole("row").filter({ hasText: "orders.refund" }).first();
  await expect(refundRow.locator(".c-diff")).toBeVisible();
  await expect(refundRow).toContainText("reason");
  await expect(refundRow).not.toContainText("{");
  await expectNoViolations(page, "audit at 1440");
  await page.screenshot({ path: "test-results/second-look-audit-1440.png", fullPage: true });
  await page.setViewportSize(MOBILE);
  await expectNoViolations(page, "audit at 390");
  await page.screenshot({ path: "test-results/second-look-audit-390.png", fullPage: true });
  await context.close();
});
