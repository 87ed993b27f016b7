import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openShop } from "../boot";
import { openDatabase } from "../db/client";
import { fixedClock } from "../lib/clock";
import { createLogger } from "../lib/logger";
import { startSession } from "../modules/auth";
import { enqueueEmail } from "../modules/email";
import { dbOf, type Shop } from "../shop";
import { buySubscription } from "../testing/subscriber";
import { TEST_POSTGRES_URL, testDriver, testEnv } from "../testing/test-shop";
import { backup, BackupError, restore } from "./backup";

/** Orders, subscriptions, sessions and the outbox, row for row. */
async function contents(shop: Shop): Promise<string> {
  const tables = ["orders", "order_lines", "payments", "subscriptions", "sessions", "customers", "email_outbox"];
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = (await shop.database.executeSql(`select * from ${t} order by 1`)).rows;
  return JSON.stringify(out);
}

async function fillShop(shop: Shop): Promise<void> {
  const bought = await buySubscription(shop, { email: "backup@example.com" });
  await startSession(shop, { id: bought.customerId, email: "backup@example.com" });
  await enqueueEmail(dbOf(shop), { to: "queued@example.com", subject: "s", text: "t", html: "<p>h</p>", template: "test", idempotencyKey: "backup:queued" }, { now: shop.clock.now() });
}

const clock = () => fixedClock("2026-11-22T12:00:00Z");
const quiet = { log: createLogger("silent") };
const temp: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `shop-${label}-`));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDriver() !== "pglite")("backup and restore of a PGlite data folder", () => {
  it("a round trip brings orders, subscriptions, sessions and the outbox back whole; a running shop makes both refuse", async () => {
    const dataDir = tempDir("backup-src");
    const shop = await openShop(testEnv({ DATA_DIR: dataDir }), { clock: clock(), ...quiet });
    let before: string;
    const file = join(tempDir("backup-files"), "shop-backup");
    try {
      await fillShop(shop);
      before = await contents(shop);
      expect(() => backup({ dataDir }, file)).toThrow(BackupError);
      expect(() => backup({ dataDir }, file)).toThrow(/in use|already open/);
    } finally {
      await shop.database.close();
    }
    expect(backup({ dataDir }, file)).toMatch(/Backed up/);
    expect(() => backup({ dataDir }, file)).toThrow(/exists already/);

    const target = tempDir("backup-dst");
    expect(restore({ dataDir: target }, file)).toMatch(/Restored/);
    const restored = await openShop(testEnv({ DATA_DIR: target }), { clock: clock(), ...quiet });
    try {
      expect(await contents(restored)).toBe(before);
      expect(() => restore({ dataDir: target }, file)).toThrow(/in use|already open/);
    } finally {
      await restored.database.close();
    }
  }, 120_000);
});

describe("backup without PostgreSQL's client tools", () => {
  it("says what to install when pg_dump is missing", () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      expect(() => backup({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: "unused" }, "x.dump")).toThrow(
        /pg_dump was not found\. Install PostgreSQL's client tools \(Debian: apt-get install -y postgresql-client\)/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});

const hasPgDump = spawnSync("pg_dump", ["--version"]).status === 0;

describe.skipIf(testDriver() !== "postgres" || !hasPgDump)("backup and restore of PostgreSQL (pg_dump, pg_restore)", () => {
  it("a round trip into a new database brings orders, subscriptions, sessions and the outbox back whole", async () => {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    const names = [0, 1].map(() => `shop_backup_${randomBytes(4).toString("hex")}`);
    const urlOf = (name: string) => Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${name}` }).toString();
    try {
      for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
      const file = join(tempDir("pg-backup"), "shop.dump");
      const source = await openShop(testEnv(), { clock: clock(), ...quiet, database: await openDatabase({ url: urlOf(names[0]!) }) });
      let before: string;
      try {
        await fillShop(source);
        before = await contents(source);
        expect(backup({ databaseUrl: urlOf(names[0]!), dataDir: "unused" }, file)).toMatch(/pg_dump/);
      } finally {
        await source.database.close();
      }
      expect(restore({ databaseUrl: urlOf(names[1]!), dataDir: "unused" }, file)).toMatch(/Restored/);
      const restored = await openShop(testEnv(), { clock: clock(), ...quiet, database: await openDatabase({ url: urlOf(names[1]!) }) });
      try {
        expect(await contents(restored)).toBe(before);
      } finally {
        await restored.database.close();
      }
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  it("a restore into a database that does not exist says to create it first", () => {
    const file = join(tempDir("pg-backup-missing"), "shop.dump");
    writeFileSync(file, "not read: the database is missing first");
    const missing = Object.assign(new URL(TEST_POSTGRES_URL), { pathname: "/shop_restore_missing_db" }).toString();
    expect(() => restore({ databaseUrl: missing, dataDir: "unused" }, file)).toThrow(/The database shop_restore_missing_db does not exist\. Create it first \(createdb shop_restore_missing_db/);
  });
});
