import { randomBytes } from "node:crypto";
import { openShop } from "../boot";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../db/client";
import { parseEnv, type Env } from "../env";
import { fixedClock, type Clock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import type { Shop } from "../shop";
import { TEMPLATE_NOW, adminQuery, pgliteTemplate, postgresTemplate, withDatabase } from "./test-template";

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
  const now = options.now ?? TEMPLATE_NOW;
  const clock = fixedClock(now);
  // A copy of the run's migrated, seeded template when the clock is the template's (openShop then finds it all done).
  const { database, drop, url } = await openTestDatabase({ onQuery: options.onQuery }, now);
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

/** An empty database; with `templateNow`, a copy of the run's template when it was made at that moment. */
export async function openTestDatabase(options: DatabaseOptions = {}, templateNow?: string): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; url?: string }> {
  if (testDriver() === "pglite") {
    const from = templateNow ? await pgliteTemplate(templateNow) : undefined;
    return { database: await openDatabase({ memory: true, from: from ?? undefined }, options), drop: async () => {} };
  }
  const name = `shop_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = templateNow ? postgresTemplate(templateNow) : null;
  await adminQuery(TEST_POSTGRES_URL, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = withDatabase(TEST_POSTGRES_URL, name);
  return {
    database: await openDatabase({ url }, options),
    url,
    drop: () => adminQuery(TEST_POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export type { Clock };
