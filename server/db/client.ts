import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import * as schema from "./schema/index";
import { postgresListener, type ChangeListener, type Listening } from "./listener";
import { lockDataDir } from "./lock";
import { writeStatementTextFaster } from "./statement-text";
import { withNamedStatements } from "./pglite-named-statements";
import { initPgliteDataDir, pgliteStartParams } from "./pglite-settings";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** What pg-boss needs to run its SQL on our connection (PGlite has no second connection to give it). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  executeSql: ExecuteSql;
  /** Hears commits that announced `channel` with pg_notify, from this process or any other (server/db/change-notices.ts). */
  listen(channel: string, listener: ChangeListener): Promise<Listening>;
  /**
   * Runs fn while holding the deployment-wide boot lock (a PostgreSQL session advisory lock on one connection), so
   * processes starting together migrate and seed one after the other; PGlite has one process, so it just runs fn.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Connections of the pool in use, idle and awaited (PostgreSQL; PGlite has one connection and answers null). */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /** PGlite only: the whole database as one tar file, which `{ memory: true, from }` opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: the bytes of its WebAssembly memory, which grows and never shrinks (docs/benchmarks.md, issue 39). */
  wasmMemoryBytes?(): number;
  close(): Promise<void>;
}

/** The key of the boot lock (pg_advisory_lock), taken around migrations and the seed. */
export const BOOT_LOCK_KEY = 727002;

/** `from`: an in-memory PGlite that starts as a copy of a dumped database (server/testing/test-template.ts). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; from?: Blob };

export interface DatabaseOptions {
  /** Most connections this process opens to PostgreSQL (DATABASE_POOL_SIZE); the listener adds one. */
  poolSize?: number;
  /** Hears every statement the query builder sends (tests count the statements of one order with it). */
  onQuery?: (sql: string, params: unknown[]) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if ("url" in target) return openPostgres(target.url, options);
  if ("memory" in target) return openPglite(null, options, target.from);
  return openPglite(resolve(target.dataDir), options);
}

function drizzleOptions(options: DatabaseOptions) {
  const { onQuery } = options;
  return onQuery ? { schema, logger: { logQuery: (sql: string, params: unknown[]) => onQuery(sql, params) } } : { schema };
}

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, a failover, DROP DATABASE ... FORCE in tests) makes the pool
  // emit "error" after it has already dropped that client; unheard, that event would crash the process.
  // The next query simply opens a new connection.
  pool.on("error", () => {});
  const db = drizzlePg(pool, drizzleOptions(options)) as unknown as Database;
  writeStatementTextFaster(db);
  const listener = postgresListener(url);
  return {
    kind: "postgres",
    db,
    executeSql: (text, values) => pool.query(text, values as any[]),
    listen: (channel, l) => listener.listen(channel, l),
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [BOOT_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [BOOT_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, options: DatabaseOptions, from?: Blob): Promise<DatabaseHandle> {
  const lock = dataDir ? lockDataDir(dataDir) : null;
  try {
    // PGlite does not create the parent folder itself.
    const pgDir = dataDir ? join(dataDir, "pglite") : undefined;
    if (pgDir) {
      mkdirSync(pgDir, { recursive: true });
      initPgliteDataDir(pgDir);
    }
    // pg_trgm: the console's customer search (migration 0031) needs it loaded before the migration creates it.
    const client = await PGlite.create(pgDir, { extensions: { pg_trgm }, loadDataDir: from, startParams: pgliteStartParams() });
    // PGlite plans every statement on every call; the database's queries are parsed once under names (ADR 0054).
    const db = drizzlePglite(withNamedStatements(client), drizzleOptions(options)) as unknown as Database;
    writeStatementTextFaster(db);
    const executeSql: ExecuteSql = async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // pg-boss sends parameterless multi-statement scripts; exec runs them, the last result carries the rows.
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    };
    // One process owns a PGlite database, so its own notices are all there are; it delivers them at commit too.
    const listen = async (channel: string, l: ChangeListener): Promise<Listening> => {
      const unlisten = await client.listen(channel, () => l.onNotice());
      return { live: () => !client.closed, stop: () => unlisten() };
    };
    return {
      kind: "pglite",
      db,
      executeSql,
      listen,
      exclusive: (fn) => fn(),
      poolStats: () => null,
      dumpDataDir: () => client.dumpDataDir("none"),
      wasmMemoryBytes: () => (client as unknown as { mod: { HEAPU8: Uint8Array } }).mod.HEAPU8.byteLength,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** A transaction, or the database itself: what functions that may run inside a caller's transaction accept. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Queryable = Database | Tx;
