import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndSignIn } from "./support/accounts";

/**
 * Issue 24 in a real browser: the way back after signing in never leaves the shop however the address is written
 * (browsers strip tabs and newlines and read "\" as "/"), another member's (or no one's) invoice and subscription
 * pages answer a plain 404, and a page asked for with a forged Host names only the shop's own origin, for the asker
 * and for every visitor the page cache serves after them.
 */
const ESCAPES = ["/%09/evil.example", "/%5C/evil.example", "/%0a/evil.example", "//evil.example", "https://evil.example", "/.//evil.example", "/%5Cevil.example"];

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("region", { name: "Login" });
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test.describe("the way back after sign-in stays on the shop", () => {
  let email = "";
  const password = "redirect-pass-1";

  test.beforeAll(async ({ browser }, testInfo) => {
    email = `redirects-${testInfo.workerIndex}-${Date.now()}@example.com`;
    const context = await browser.newContext();
    await signUpAndSignIn(await context.newPage(), email, password);
    await context.close();
  });

  for (const escape of ESCAPES) {
    test(`signing in from /login?redirectTo=${escape} lands on the shop, and so does a signed-in visit`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      await page.goto(`/login?redirectTo=${escape}`);
      await signIn(page, email, password);
      await expect(page).toHaveURL(/\/account\/home$/);
      expect(new URL(page.url()).origin).toBe(origin);
      // Signed in already: the login page sends the visitor on at once, through the same rule.
      const answer = await page.goto(`/login?redirectTo=${escape}`);
      expect(answer?.status()).toBe(200);
      expect(new URL(page.url()).origin).toBe(origin);
      await expect(page).toHaveURL(/\/account\/home$/);
    });
  }

  test("a same-site path still brings the visitor back where they were", async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent("/account/orders")}`);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/account\/orders$/);
  });
});

test("another member's or an unknown invoice or subscription page answers 404, not an error page", async ({ page }) => {
  await signUpAndSignIn(page, `pages-404-${Date.now()}@example.com`, "pages-404-pass");
  const someoneElses = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b";
  for (const path of [
    `/account/orders/${someoneElses}/invoice`,
    "/account/orders/1/invoice",
    `/account/subscriptions/${someoneElses}/change`,
    `/account/subscriptions/${someoneElses}/cancel`,
    `/account/subscriptions/${someoneElses}/canceled`,
    "/account/subscriptions/not-an-id/change",
  ]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
    await expect(page.getByText("Sorry, Something Went Wrong")).toHaveCount(0);
  }
});

/** A GET with any Host header (fetch and browsers refuse to forge one; an attacker's script does not). */
function getWithHost(baseURL: string, path: string, host: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { Host: host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

test("a page asked for with Host: evil.example, and the cached copy every visitor gets next, name only the shop", async ({ page, baseURL }) => {
  // A path of its own so the page cache holds what the attacker's request rendered.
  const path = `/science?probe=${Date.now()}`;
  for (const target of [path, "/sitemap.xml", "/robots.txt", "/daily-synbiotic"]) {
    expect(await getWithHost(baseURL!, target, "evil.example"), target).not.toContain("evil.example");
  }
  await page.goto(path);
  expect(await page.content()).not.toContain("evil.example");
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical!).hostname).not.toBe("evil.example");
});
