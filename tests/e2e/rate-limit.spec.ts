import { rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { rateLimitedMessage } from "../../domain/rate-limited-message";
import { startShop, stopShop, tempDataDir, waitReady, type ShopProcess } from "./support/shop-process";

/**
 * The limiter's counters live in the database: two shop processes sharing one PostgreSQL count one client together,
 * and a restarted process still remembers. Needs a PostgreSQL (TEST_POSTGRES_URL, default the local test server).
 */
test.describe.configure({ timeout: 240_000 });

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresAnswers(): Promise<boolean> {
  try {
    await admin("select 1");
    return true;
  } catch {
    return false;
  }
}

const signUp = (shop: ShopProcess, i: number) =>
  fetch(`${shop.url}/api/newsletter`, {
    method: "POST",
    // A forged X-Forwarded-For changes nothing: no proxy is trusted, the client is the socket's peer.
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
    body: JSON.stringify({ email: `two-processes-${i}@example.com` }),
  });

test("two processes on one PostgreSQL share each client's count, and a restart keeps it", async () => {
  test.skip(!(await postgresAnswers()), `no PostgreSQL at ${ADMIN_URL}`);
  const name = `shop_limits_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), JOBS: "off", RATE_LIMITS: "newsletter-per-address=10/1h" };
  const dirs = [tempDataDir("limits-a"), tempDataDir("limits-b"), tempDataDir("limits-c")];
  // Ports next to the end-to-end server's (E2E_PORT), so parallel runs of other worktrees do not collide.
  const base = Number(process.env.E2E_PORT ?? 3100);
  const a = await startShop({ dataDir: dirs[0]!, env, port: base + 1 });
  await waitReady(a); // migrates first, so the second process finds the schema in place
  const b = await startShop({ dataDir: dirs[1]!, env, port: base + 2 });
  let c: ShopProcess | null = null;
  try {
    await waitReady(b);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signUp(i % 2 === 0 ? a : b, i)).status);
    // Ten sign-ups in all, whichever process took them; then both refuse.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await signUp(a, 99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED" });

    // Both stop; a fresh process on the same database still refuses this client.
    expect(await stopShop(a)).toBe(0);
    expect(await stopShop(b)).toBe(0);
    c = await startShop({ dataDir: dirs[2]!, env, port: base + 3 });
    await waitReady(c);
    expect((await signUp(c, 100)).status).toBe(429);
  } finally {
    await stopShop(a);
    await stopShop(b);
    if (c) await stopShop(c);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});

test.describe("plain forms, before JavaScript, past their limit", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form and the footer's newsletter answer 429 with Retry-After and say how long to wait", async ({ browser }) => {
    const dataDir = tempDataDir("form-limits");
    const shop = await startShop({ dataDir, port: Number(process.env.E2E_PORT ?? 3100) + 4, env: { JOBS: "inline", RATE_LIMITS: "mail-forms-per-address=1/1h,newsletter-per-address=1/1h" } });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      await waitReady(shop);
      const page = await context.newPage();
      const sendContact = async () => {
        await page.goto(`${shop.url}/contact`);
        const form = page.locator("#contact-form");
        await form.getByLabel("Full name").fill("Kim Park");
        await form.getByLabel("Email", { exact: true }).fill("kim.park@example.com");
        await form.getByLabel("Topic").selectOption("My subscription");
        await form.getByLabel("Message").fill("Please move my next shipment by a week.");
        const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/contact");
        await form.getByRole("button", { name: "Send message" }).click();
        return answer;
      };
      expect((await sendContact()).status()).toBe(200);
      const refused = await sendContact();
      expect(refused.status()).toBe(429);
      const wait = Number(refused.headers()["retry-after"]);
      // Past a minute and a half the words say how long, as the header does ("an hour", "about 2 hours", "12 minutes").
      expect(wait).toBeGreaterThan(90);
      await expect(page.locator("#contact-form")).toContainText(rateLimitedMessage(wait));
      expect(rateLimitedMessage(wait)).toMatch(/^Too many requests\. Please try again in /);

      const signUp = async (email: string) => {
        await page.goto(`${shop.url}/approach`);
        const footer = page.getByRole("contentinfo");
        await footer.getByLabel("Email address").fill(email);
        const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/newsletter");
        await footer.getByRole("button", { name: "Sign Up" }).click();
        return answer;
      };
      expect((await signUp("first.reader@example.com")).status()).toBe(200);
      const refusedSignUp = await signUp("second.reader@example.com");
      expect(refusedSignUp.status()).toBe(429);
      expect(Number(refusedSignUp.headers()["retry-after"])).toBeGreaterThan(0);
      await expect(page.getByRole("main")).toContainText("Too many requests.");
    } finally {
      await context.close();
      await stopShop(shop);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
