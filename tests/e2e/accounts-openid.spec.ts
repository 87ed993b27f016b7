import { expect, test } from "@playwright/test";
import { startOpenIdProvider, type LocalOpenIdProvider } from "../../server/testing/openid-provider";
import { startShop, stopShop, tempDataDir, waitReady, type ShopProcess } from "./support/shop-process";

/**
 * Google sign-in end to end in Chromium: a shop process configured with a real OpenID provider (panva's oidc-provider)
 * running on this machine in Google's place. Ports from the accounts area's range: E2E_PORT + 20 and + 21.
 */
const BASE = Number(process.env.E2E_PORT ?? 3300);
const SHOP_PORT = BASE + 20;
const OP_PORT = BASE + 21;

// One provider and one shop on fixed ports for the file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

let op: LocalOpenIdProvider;
let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const redirect = `http://127.0.0.1:${SHOP_PORT}/login/callback/google`;
  op = await startOpenIdProvider(OP_PORT, { clientId: "seed-e2e", clientSecret: "e2e-secret-e2e-secret", redirectUris: [redirect] });
  shop = await startShop({
    dataDir: tempDataDir("openid"),
    port: SHOP_PORT,
    env: { RATE_LIMITS: "off", GOOGLE_CLIENT_ID: "seed-e2e", GOOGLE_CLIENT_SECRET: "e2e-secret-e2e-secret", GOOGLE_ISSUER: op.issuer },
  });
  await waitReady(shop);
});

test.afterAll(async () => {
  if (shop) await stopShop(shop);
  if (op) await op.close();
});

test("sign in with Google through the local OpenID provider, and come back to the page asked for", async ({ page }) => {
  op.accounts.set("e2e-user", { sub: "e2e-user", email: "openid-e2e@example.com", email_verified: true, given_name: "Oona" });
  op.nextAccount = "e2e-user";
  await page.goto(`${shop.url}/account`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${shop.url}/account`);
  await expect(page.getByRole("region", { name: "Your details" }).getByLabel("First name")).toHaveValue("Oona");
  await expect(page.getByRole("region", { name: "Your details" }).getByLabel("Email", { exact: true })).toHaveValue("openid-e2e@example.com");

  // A second visit signs the same member in again (200, not a new account).
  await page.context().clearCookies();
  await page.goto(`${shop.url}/login`);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${shop.url}/account/home`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hi, Oona");
});

test("an email Google does not vouch for signs nobody in until our link is opened; settings list the linked sign-in and remove it", async ({ page }) => {
  op.accounts.set("e2e-unverified", { sub: "e2e-unverified", email: "openid-unproven@example.com", email_verified: false, given_name: "Una" });
  op.nextAccount = "e2e-unverified";
  await page.goto(`${shop.url}/login`);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?social=SOCIAL_EMAIL_UNCONFIRMED$/);
  await expect(page.getByRole("status").filter({ hasText: "we sent you a link" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "seed_jwt")).toBe(false);

  // The address's owner opens the link from the mailbox and confirms with one press.
  await page.goto(`${shop.url}/dev/mailbox`);
  await page.locator("tbody tr", { hasText: "openid-unproven@example.com" }).filter({ hasText: "account-confirm_social" }).first().getByRole("link").first().click();
  const link = ((await page.getByTestId("text-part").textContent()) ?? "").match(/https?:\/\/\S+/)![0];
  expect(new URL(link).origin).toBe(shop.url);
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(`${shop.url}/account/home`);

  await page.goto(`${shop.url}/account`);
  const linked = page.getByRole("region", { name: "Linked sign-ins" });
  await expect(linked.getByRole("listitem")).toHaveCount(1);
  await expect(linked.getByRole("listitem")).toContainText("Google");
  await linked.getByRole("button", { name: "Remove Google sign-in" }).click();
  await expect(linked.getByRole("status")).toHaveText("Removed: that account no longer signs in to yours.");
  await expect(linked).toContainText("No Google or Facebook account signs in to your account.");
});
