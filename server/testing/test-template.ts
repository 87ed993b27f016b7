import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openShop } from "../boot";
import { openDatabase } from "../db/client";
import { parseEnv } from "../env";
import { fixedClock } from "../lib/clock";
import { createLogger } from "../lib/logger";

/**
 * Migrating and seeding a database costs a server test file 15 to 20 seconds (issue 38). Vitest's global set-up does
 * it once per run into a template, and each test shop starts as a copy of it: a PGlite dump loaded into memory, or
 * `CREATE DATABASE ... TEMPLATE` on PostgreSQL. The seed stamps rows with the clock, so only shops opened at the
 * template's moment (the tests' default clock) start from it; a test that sets its own `now` migrates and seeds as
 * before.
 */
export const TEMPLATE_NOW = "2026-11-22T12:00:00Z";

const PGLITE_DUMP = "SHOP_TEST_TEMPLATE_PGLITE";
const POSTGRES_DB = "SHOP_TEST_TEMPLATE_DB";

const seedEnv = () => parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMITS: "off" });

/** Global set-up of the pglite project: a migrated, seeded PGlite database written to a file. */
export async function makePgliteTemplate(): Promise<() => void> {
  const database = await openDatabase({ memory: true });
  const shop = await openShop(seedEnv(), { clock: fixedClock(TEMPLATE_NOW), log: createLogger("silent"), database });
  const dump = await shop.database.dumpDataDir!();
  await shop.database.close();
  const file = join(tmpdir(), `shop-test-template-${process.pid}-${randomBytes(4).toString("hex")}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_DUMP] = file;
  return () => rmSync(file, { force: true });
}

/** Global set-up of the postgres project: a migrated, seeded database that test databases are created from. */
export async function makePostgresTemplate(adminUrl: string): Promise<() => Promise<void>> {
  const name = `shop_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, name) });
  const shop = await openShop(seedEnv(), { clock: fixedClock(TEMPLATE_NOW), log: createLogger("silent"), database });
  await shop.database.close();
  process.env[POSTGRES_DB] = name;
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

let pgliteDump: Promise<Blob> | null = null;

/** The PGlite template's tar, read once per test file; null outside the set-up (a test run on its own still works). */
export function pgliteTemplate(now: string): Promise<Blob> | null {
  const file = process.env[PGLITE_DUMP];
  if (!file || now !== TEMPLATE_NOW) return null;
  pgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}

/** The PostgreSQL template database's name, under the same rule. */
export function postgresTemplate(now: string): string | null {
  const name = process.env[POSTGRES_DB];
  return name && now === TEMPLATE_NOW ? name : null;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
