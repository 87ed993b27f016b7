import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DESKTOP, MOBILE, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { CONSOLE_PASSWORD, placeOrderByApi, signInNewOwner } from "./support/console";

/**
 * Issue 36's done-when for care (ADR 0073): a support agent finds a customer by "lindq", opens them and sees addresses,
 * the subscription with its history, points and notes on one page, and adds a note, which stays on the page.
 */

async function nextCode(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / 30_000) <= after) await new Promise((r) => setTimeout(r, 500));
  return { code: await generate({ secret }), step: Math.floor(Date.now() / 30_000) };
}

/** An owner invites a support agent; the agent finishes the setup link and signs in, in their own browser context. */
async function signInInvitedAgent(owner: Page, agent: Page): Promise<void> {
  const email = uniqueEmail("care-agent");
  const invite = await owner.request.post("/api/console/staff", { data: { email, role: "support" } });
  expect(invite.status()).toBe(200);
  const { setupUrl } = await invite.json();
  const url = new URL(setupUrl);
  await agent.setViewportSize(DESKTOP);
  await agent.goto(url.pathname + url.search);
  const secret = (await agent.getByLabel("Authenticator key").textContent())!.trim();
  await agent.getByLabel("Password").fill(CONSOLE_PASSWORD);
  const first = await nextCode(secret, 0);
  await agent.getByLabel("Code your authenticator shows now").fill(first.code);
  await agent.getByRole("button", { name: "Finish setup" }).click();
  await expect(agent).toHaveURL(/\/console\/sign-in\?ready=1/);
  const second = await nextCode(secret, first.step);
  await agent.getByLabel("Email").fill(email);
  await agent.getByLabel("Password").fill(CONSOLE_PASSWORD);
  await agent.getByLabel("Code from your authenticator app").fill(second.code);
  await agent.getByRole("button", { name: "Sign in" }).click();
  await expect(agent.getByRole("heading", { name: "Welcome back" })).toBeVisible();
}

test("a care agent finds a customer by 'lindq', sees the whole customer on one page and adds a note", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const customerEmail = uniqueEmail("maja.lindqvist");
  const order = await placeOrderByApi(page, customerEmail, { firstName: "Maja", lastName: "Lindqvist" });
  await signInNewOwner(page, { tag: "c360-owner" });
  const context = await browser.newContext();
  const agent = await context.newPage();
  await signInInvitedAgent(page, agent);

  await agent.goto("/console/customers");
  await agent.getByLabel("Find a customer").fill("lindq");
  await agent.getByRole("button", { name: "Search" }).click();
  await expect(agent).toHaveURL(/\/console\/customers\?q=lindq/);
  await expect(agent.getByRole("heading", { name: 'Customers matching "lindq"' })).toBeVisible();
  const row = agent.locator("tbody tr", { hasText: customerEmail });
  // The 3-month kit renews as its refill: the list names what the next charge buys.
  await expect(row).toContainText("DS-01® Refill (every 3 months)");
  await expectNoViolations(agent, "customer search at 1440");
  await row.getByRole("link", { name: customerEmail }).click();

  await expect(agent).toHaveURL(/\/console\/customers\/[0-9a-f-]{36}$/);
  const main = agent.locator("#console-main");
  for (const section of ["Profile", "Value", "Addresses", "Subscriptions", "Staff notes", "Orders", "Points and credit", "Referrals", "Emails sent"]) {
    await expect(agent.getByRole("heading", { name: section, exact: true })).toBeVisible();
  }
  await expect(main.locator("address").first()).toContainText("1 Main St");
  const subscription = agent.getByRole("article", { name: "DS-01® Refill (every 3 months) subscription" });
  await expect(subscription.getByRole("link", { name: "DS-01® Refill (every 3 months)" })).toHaveAttribute("href", /\/console\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(subscription).toContainText("Active");
  await expect(subscription).toContainText("started as DS-01® Daily Synbiotic (every 3 months)");
  await subscription.getByText(/^History/).click();
  await expect(subscription.getByRole("listitem").first()).toContainText("Started");
  await expect(main).toContainText(order.number);
  await expect(main).toContainText("Lifetime value (USD)");

  await agent.getByLabel("New note").fill("Asked to move the next parcel; told them how in the portal.");
  await agent.getByRole("button", { name: "Add note" }).click();
  await expect(agent.getByRole("status").first()).toHaveText("Note added.");
  const notes = agent.locator(".c-notes");
  await expect(notes).toContainText("Asked to move the next parcel; told them how in the portal.");
  await expect(notes).toContainText("care-agent-");
  await expect(agent.getByLabel("New note")).toHaveValue("");
  await expectNoViolations(agent, "customer page at 1440");

  // The same form before any script runs: a plain POST, the page answered by the server.
  const customerUrl = agent.url();
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const noJs = await plain.newPage();
  await noJs.goto(customerUrl);
  await noJs.getByLabel("New note").fill("Second call, no scripts: parcel arrived.");
  await noJs.getByRole("button", { name: "Add note" }).click();
  await expect(noJs.locator(".c-notes li").first()).toContainText("Second call, no scripts: parcel arrived.");
  await plain.close();

  await agent.setViewportSize(MOBILE);
  await agent.reload();
  await expect(agent.getByRole("heading", { name: "Staff notes" })).toBeVisible();
  await expectNoViolations(agent, "customer page at 390");
  await context.close();
});
