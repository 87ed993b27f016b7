import { Hono } from "hono";
import { SignJWT } from "jose";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import type { AppEnv } from "./http/types";
import { LAST_ORDER_COOKIE, readLastOrderId } from "./http/pages/last-order-cookie";
import { readSession } from "./modules/auth";
import { findOrCreateCustomer } from "./modules/customers";
import { openTestShop, testDriver, type TestShop } from "./testing/test-shop";

/** The constant every shop used to sign with when SESSION_SECRET was unset (issue 10): it must open nothing. */
const OLD_CONSTANT = "development-only-secret-do-not-use-in-production";

describe(`session secret (${testDriver()})`, () => {
  let dir: string;
  let shop: TestShop;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "secret-"));
    shop = await openTestShop();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await shop.cleanup();
  });

  it("development without SESSION_SECRET makes a random secret once and keeps it in the data folder", () => {
    const first = parseEnv({ NODE_ENV: "development", DATA_DIR: dir }).SESSION_SECRET;
    expect(first).not.toBe(OLD_CONSTANT);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(statSync(join(dir, "session-secret")).mode & 0o077).toBe(0);
    // A restart reads the same secret, so sessions survive it; another data folder gets its own.
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    const other = mkdtempSync(join(tmpdir(), "secret-"));
    expect(parseEnv({ DATA_DIR: other }).SESSION_SECRET).not.toBe(first);
    rmSync(other, { recursive: true, force: true });
  });

  it("production refuses to start without one", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATA_DIR: dir })).toThrow("SESSION_SECRET is required in production");
  });

  it("a session token or last-order cookie signed with the old constant is refused", async () => {
    const customer = await findOrCreateCustomer(shop, "forger@example.com");
    const now = Math.floor(shop.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>, secret: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(`customer|${customer.id}`).setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode(secret));
    expect(await readSession(shop, await sign({ email: customer.email }, OLD_CONSTANT))).toBeNull();

    const app = new Hono<AppEnv>().get("/", async (c) => {
      c.set("shop", shop);
      return c.json({ order: await readLastOrderId(c) });
    });
    const forged = await sign({ order: "00000000-0000-4000-8000-000000000001" }, `${OLD_CONSTANT}:last-order`);
    const res = await app.request("/", { headers: { Cookie: `${LAST_ORDER_COOKIE}=${forged}` } });
    expect(await res.json()).toEqual({ order: null });
  });
});
