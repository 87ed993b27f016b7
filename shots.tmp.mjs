import { chromium } from "playwright-core";
import { generate } from "otplib";
const BASE = "http://127.0.0.1:3472";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"] });
const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
const req = page.request;
async function order(email, first, last, plan = "syn-wk-3mo") {
  const { token } = await (await req.post("/api/payments/sandbox/tokenize", { data: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" } })).json();
  const res = await req.post("/api/purchase", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { email, shippingAddress: { firstName: first, lastName: last, address1: "12 Birch Road", city: "Austin", region: "TX", postalCode: "78701", country: "US" }, items: { [plan]: 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true } });
  if (res.status() !== 201) throw new Error(await res.text());
}
const tag = Date.now();
await order(`maja.lindqvist.${tag}@example.com`, "Maja", "Lindqvist");
await order(`erik.lindquist.${tag}@example.com`, "Erik", "Lindquist", "syn-wk");
await order(`ada.${tag}@example.com`, "Ada", "Lovelace", "syn-wk-6mo");
const ownerEmail = `owner-${tag}@seed.test`;
const { path } = await (await req.post("/__test/console-owner", { data: { email: ownerEmail } })).json();
await page.goto(path);
const secret = (await page.getByLabel("Authenticator key").textContent()).trim();
await page.getByLabel("Password").fill("a long console passphrase");
const step = Math.floor(Date.now() / 30000);
await page.getByLabel("Code your authenticator shows now").fill(await generate({ secret }));
await page.getByRole("button", { name: "Finish setup" }).click();
await page.waitForURL(/ready=1/);
while (Math.floor(Date.now() / 30000) <= step) await new Promise((r) => setTimeout(r, 500));
await page.getByLabel("Email").fill(ownerEmail);
await page.getByLabel("Password").fill("a long console passphrase");
await page.getByLabel("Code from your authenticator app").fill(await generate({ secret }));
await page.getByRole("button", { name: "Sign in" }).click();
await page.getByRole("heading", { name: "Welcome back" }).waitFor();
for (const width of [1440, 390]) {
  await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
  await page.goto("/console/customers?q=lindq");
  await page.screenshot({ path: `/tmp/x/shots/customers-${width}.png`, fullPage: true });
  await page.goto("/console/subscriptions");
  await page.screenshot({ path: `/tmp/x/shots/subscriptions-${width}.png`, fullPage: true });
  await page.goto("/console/customers?q=lindq");
  await page.locator("tbody tr", { hasText: "maja.lindqvist" }).getByRole("link").first().click();
  await page.waitForURL(/customers\/[0-9a-f-]{36}$/);
  if (width === 1440) {
    await page.getByLabel("New note").fill("Called about the parcel to Birch Road; promised a reship if it is not there by Friday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("Note added.").waitFor();
  }
  await page.locator("details").first().evaluate((d) => (d.open = true));
  await page.screenshot({ path: `/tmp/x/shots/customer-${width}.png`, fullPage: true });
}
await browser.close();
console.log("shots done");
