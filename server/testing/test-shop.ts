import { randomBytes } from "node:crypto";
import pg from "pg";
import { openShop } from "../boot";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../db/client";
import { parseEnv, type Env } from "../env";
import { fixedClock, type Clock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import type { Shop } from "../shop";

/**
 * A migrated, seeded shop on a database of its own: in-memory PGlite by default, or a fresh PostgreSQL
 * database when TEST_DB=postgres (vitest's "postgres" project). Each test file gets its own, so files run in parallel.
 */
export type TestDriver = "pglite" | "postgres";

export const testDriver = (): TestDriver => (process.env.TEST_DB === "postgres" ? "postgres" : "pglite");
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestShop extends Shop {
  clock: ReturnType<typeof fixedClock>;
  /** The PostgreSQL database's URL (absent on PGlite), for tests that start a second process on it. */
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/**
 * Tests run with rate limits off (many requests from one test client would meet them); the tests of the limits
 * switch them on with env: { RATE_LIMITS: "on" } or their own numbers.
 */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMITS: "off", ...overrides });
}

export async function openTestShop(options: { now?: string; env?: Record<string, string> } & DatabaseOptions = {}): Promise<TestShop> {
  const clock = fixedClock(options.now ?? "2026-11-22T12:00:00Z");
  const { database, drop, url } = await openTestDatabase({ onQuery: options.onQuery });
  const shop = await openShop(testEnv(options.env), { clock, log: createLogger("silent"), database });
  return {
    ...shop,
    clock,
    databaseUrl: url,
    cleanup: async () => {
      await database.close();
      await drop();
    },
  };
}

export async function openTestDatabase(options: DatabaseOptions = {}): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  if (testDriver() === "pglite") return { database: await openDatabase({ memory: true }, options), drop: async () => {} };
  const name = `shop_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = withDatabase(TEST_POSTGRES_URL, name);
  return {
    database: await openDatabase({ url }, options),
    url,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export type { Clock };
