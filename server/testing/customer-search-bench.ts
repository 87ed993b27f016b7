/**
 * `node --import tsx server/testing/customer-search-bench.ts [--driver postgres|pglite] [--customers 100000] [--runs 50]`
 * The console's customer search (issue 36, ADR 0073) on N customers made with generate_series: times the module's own
 * searchCustomers for "lindq"-style substrings of names, emails and phones, prints p50/p95 per query and the plan
 * PostgreSQL chose for "lindq" (EXPLAIN ANALYZE), then one JSON line for bench/run.mjs.
 * PostgreSQL: a scratch database on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test), dropped after.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { searchCustomers } from "../modules/customers";

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "postgres" },
    customers: { type: "string", default: "100000" },
    runs: { type: "string", default: "50" },
  },
});
const driver = values.driver === "pglite" ? "pglite" : "postgres";
const count = Number(values.customers);
const runs = Number(values.runs);
const admin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * One in a thousand customers is a Lindqvist (100 of 100,000: a realistic surname's share); the rest have one of 5,000
 * made-up surnames, an email with their number, and a phone with a 7-digit number that does not follow the signup order
 * (as real phone numbers do not: a phone's digits in signup order would put every match of "(555) 00424" among the
 * oldest customers, and the newest-first scan would read most of the table to find them).
 */
const SEED = (n: number) => `
  INSERT INTO customers (email, first_name, last_name, phone, created_at)
  SELECT 'user' || i || '@mail' || (i % 50) || '.example.com',
         (ARRAY['Maja','Ada','Grace','Olle','Katherine','Alan','Edsger','Linnea','Sven','Ingrid'])[1 + i % 10],
         CASE WHEN i % 1000 = 7 THEN 'Lindqvist' ELSE 'Surname' || (i % 5000) END,
         '+1 (555) ' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'),
         timestamptz '2026-01-01' + (i || ' seconds')::interval
  FROM generate_series(1, ${n}) i`;

/** What care types: a surname's start, part of an email, a phone's digits, a rare and a missing string, a very common one. */
const QUERIES: [string, string][] = [
  ["surname part", "lindq"],
  ["surname, other case", "LINDQVIST"],
  ["email part", "user4242@"],
  ["phone digits", "2729227"],
  ["phone as typed", "(555) 2729"],
  ["no match", "zzqxw"],
  ["common (every customer, worst case)", "example"],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

async function main() {
  let url: string | undefined;
  let dataDir: string | undefined;
  const name = `customer_search_${randomBytes(4).toString("hex")}`;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  if (driver === "postgres") {
    await adminQuery(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    url = u.toString();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), "customer-search-"));
  }
  let lastQuery: { text: string; params: unknown[] } | null = null;
  const database = await openDatabase(url ? { url } : { dataDir: dataDir! }, { onQuery: (text, params) => (lastQuery = { text, params }) });
  try {
    await migrate(database);
    const seeded = performance.now();
    await database.db.execute(sql.raw(SEED(count)));
    await database.db.execute(sql.raw("ANALYZE customers"));
    const seedSeconds = (performance.now() - seeded) / 1000;
    console.error(`${driver}: ${count} customers seeded in ${seedSeconds.toFixed(1)} s`);

    const rows: { label: string; q: string; matches: number; p50: number; p95: number; max: number }[] = [];
    for (const [label, q] of QUERIES) {
      const ms: number[] = [];
      let matches = 0;
      for (let i = 0; i < runs + 3; i++) {
        const started = performance.now();
        const found = await searchCustomers(database.db, { q, limit: 50 });
        if (i >= 3) ms.push(performance.now() - started);
        matches = found.length;
      }
      ms.sort((a, b) => a - b);
      rows.push({ label, q, matches, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1)! });
    }

    // The plan of the "lindq" search exactly as the module sends it (its SQL and parameters, captured above).
    await searchCustomers(database.db, { q: "lindq", limit: 50 });
    const captured = lastQuery as { text: string; params: unknown[] } | null;
    const client = (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
    const plan = captured ? await client.query(`EXPLAIN (ANALYZE, COSTS OFF) ${captured.text}`, captured.params) : { rows: [] };
    const planText = plan.rows.map((r) => String(Object.values(r)[0])).join("\n");
    console.error(`\nPlan of "lindq" (${driver}):\n${planText}\n`);
    console.log(JSON.stringify({ driver, customers: count, runs, seedSeconds: +seedSeconds.toFixed(1), queries: rows.map((r) => ({ ...r, p50: +r.p50.toFixed(2), p95: +r.p95.toFixed(2), max: +r.max.toFixed(2) })), usesTrigramIndex: /customers_search_trgm_idx/.test(planText), plan: planText }));
  } finally {
    await database.close();
    if (url) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
