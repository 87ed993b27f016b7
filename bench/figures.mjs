#!/usr/bin/env node
// `node bench/figures.mjs` (or `npm run bench -- --only=figures`): the console's figures (issue 36, ADR 0074) on
// PostgreSQL with a year of data for 100,000 subscribers. Makes a fresh database, migrates and seeds it as the shop
// does (server/boot.ts, through tsx), writes the year with generate_series (customers, first orders, subscriptions with
// agreed prices and forever coupons, renewals with their attempts counted, renewal orders, payments and refunds),
// ANALYZEs, then times each figure's query as server/modules/metrics runs it, for the default 30 days and for a year.
// Goal: each under 300 ms. Options: --postgres URL (default postgres://postgres@127.0.0.1:5432/test),
// --subscribers 100000, --runs 15, --keep, --reuse URL (a kept database, seeded the day it was kept).
import { parseArgs } from "node:util";
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { markdownTable, percentile, textTable } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    subscribers: { type: "string", default: "100000" },
    runs: { type: "string", default: "15" },
    keep: { type: "boolean" }, // keep the database (its URL is printed) to try a query by hand
    reuse: { type: "string" }, // the URL of a database --keep left: time the queries again without seeding
  },
});
const TARGET_MS = 300;
const NOW = new Date();

/**
 * A year for N subscribers. Subscriber i started at NOW - 365 days × i/N (so the year fills evenly): 60% monthly, 30%
 * every 3 months, 10% every 6; one in ten cancelled 100 days after starting, one in fifty past due; one in twenty with
 * a forever coupon; nine in ten with an agreed price. Each due period up to now (or the cancellation) is a renewal:
 * 90% paid first time, 6% paid on a retry, the rest declined (retrying or given up). Every paid renewal has its order;
 * one order in fifty has a payment and a succeeded refund three days later.
 */
const SEED = (n) => [
  `INSERT INTO coupons (code, type, value, duration, created_at) VALUES ('BENCHKEEP10', 'percent', 10, 'forever', $1::timestamptz - interval '2 years')`,
  `CREATE TEMP TABLE b AS
     SELECT i, gen_random_uuid() AS cid, gen_random_uuid() AS oid, gen_random_uuid() AS sid,
            $1::timestamptz - (interval '365 days' * i / ${n}) AS started,
            CASE WHEN i % 10 < 6 THEN 1 WHEN i % 10 < 9 THEN 3 ELSE 6 END AS months
     FROM generate_series(1, ${n}) i`,
  `INSERT INTO customers (id, email, first_name, created_at) SELECT cid, 'f' || i || '@bench.test', 'Ada', started FROM b`,
  `INSERT INTO orders (id, customer_id, email, status, currency, country, subtotal, discount_total, discounts, shipping_method, shipping_label,
       shipping_amount, total, shipping_address, idempotency_key, created_at)
     SELECT oid, cid, 'f' || i || '@bench.test', 'paid', 'USD', 'US', 4999 * months, 0, '[]'::jsonb, 'free_shipping', 'Free', 0, 4999 * months,
       '{"country":"US"}'::jsonb, 'bench-first-' || i, started FROM b`,
  `INSERT INTO subscriptions (id, customer_id, order_id, product_code, plan_code, renewal_plan_code, quantity, billing_period_months, currency, price_list,
       country, status, coupon_code, shipping_address, activated_at, canceled_at, next_billing_at, created_at)
     SELECT sid, cid, oid, 'syn-wk', CASE months WHEN 1 THEN 'syn-wk' WHEN 3 THEN 'syn-wk-3mo' ELSE 'syn-wk-6mo' END,
       CASE months WHEN 1 THEN 'syn-rf' WHEN 3 THEN 'syn-rf-3mo' ELSE 'syn-rf-6mo' END, 1, months, 'USD', 'domestic', 'US',
       CASE WHEN i % 10 = 7 AND started + interval '100 days' < $1::timestamptz THEN 'canceled' WHEN i % 50 = 3 THEN 'past_due' ELSE 'active' END,
       CASE WHEN i % 20 = 0 THEN 'BENCHKEEP10' END, '{"country":"US"}'::jsonb, started,
       CASE WHEN i % 10 = 7 AND started + interval '100 days' < $1::timestamptz THEN started + interval '100 days' END,
       started + make_interval(months => months), started
     FROM b`,
  `INSERT INTO subscription_prices (subscription_id, unit_price, currency, agreed_at)
     SELECT sid, CASE months WHEN 1 THEN 4999 WHEN 3 THEN 13497 ELSE 25494 END, 'USD', started FROM b WHERE i % 10 <> 1`,
  `CREATE TEMP TABLE r AS
     SELECT b.i, k, b.sid, b.cid, b.started + make_interval(months => b.months * k) AS due, gen_random_uuid() AS rid, gen_random_uuid() AS roid,
            CASE WHEN (b.i * 7 + k) % 100 < 90 THEN 1 WHEN (b.i * 7 + k) % 100 < 96 THEN 2 + (b.i + k) % 2 ELSE 1 + (b.i + k) % 3 END AS attempts,
            CASE WHEN (b.i * 7 + k) % 100 < 96 THEN 'paid' WHEN (b.i + k) % 2 = 0 THEN 'retrying' ELSE 'canceled' END AS status,
            4999 * b.months AS amount
     FROM b CROSS JOIN LATERAL generate_series(1, 12) k
     WHERE b.started + make_interval(months => b.months * k) < $1::timestamptz
       AND NOT (b.i % 10 = 7 AND b.started + make_interval(months => b.months * k) > b.started + interval '100 days')`,
  `INSERT INTO orders (id, customer_id, email, status, currency, country, subtotal, discount_total, discounts, shipping_method, shipping_label,
       shipping_amount, total, shipping_address, idempotency_key, created_at)
     SELECT roid, cid, 'f' || i || '@bench.test', 'paid', 'USD', 'US', amount, 0, '[]'::jsonb, 'free_shipping', 'Free', 0, amount,
       '{"country":"US"}'::jsonb, 'renewal:' || sid || ':' || to_char(due, 'YYYY-MM-DD'), due + make_interval(days => attempts - 1)
     FROM r WHERE status = 'paid'`,
  `INSERT INTO renewals (id, subscription_id, customer_id, period, due_at, status, attempts, quote, amount, currency, order_id, created_at, updated_at)
     SELECT rid, sid, cid, to_char(due, 'YYYY-MM-DD'), due, status, attempts, '{}'::jsonb, amount, 'USD', CASE WHEN status = 'paid' THEN roid END, due, due + make_interval(days => attempts - 1)
     FROM r`,
  `INSERT INTO renewal_attempts (renewal_id, number, outcome, amount, currency, at)
     SELECT rid, n, CASE WHEN n = attempts AND status = 'paid' THEN 'succeeded' ELSE 'declined' END, amount, 'USD', due + make_interval(days => n - 1)
     FROM r CROSS JOIN LATERAL generate_series(1, attempts) n`,
  `INSERT INTO payments (order_id, customer_id, gateway, amount, currency, status, brand, last4, created_at, updated_at)
     SELECT id, customer_id, 'sandbox', total, currency, 'captured', 'visa', '4242', created_at, created_at FROM orders WHERE number % 50 = 0`,
  `INSERT INTO payment_refunds (idempotency_key, payment_id, order_id, amount, currency, reason, status, staff_email, created_at, updated_at)
     SELECT 'bench-refund-' || id, id, order_id, least(amount, 1500), currency, 'bench', 'succeeded', 'finance@bench.test', created_at + interval '3 days', created_at + interval '3 days'
     FROM payments`,
  `ANALYZE`,
];

async function freshDatabase(adminUrl) {
  const name = `shop_bench_figures_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

const load = (path) => tsImport(new URL(path, import.meta.url).href, import.meta.url);

const database = opts.reuse ? { url: opts.reuse, drop: async () => {} } : await freshDatabase(opts.postgres).catch((error) => {
  console.error(`No PostgreSQL at ${opts.postgres}: ${error.message}`);
  process.exit(1);
});
let shop;
try {
  const [{ openShop }, { parseEnv }, { createLogger }, metrics, figures] = await Promise.all([
    load("../server/boot.ts"),
    load("../server/env.ts"),
    load("../server/lib/logger.ts"),
    load("../server/modules/metrics/figures.ts"),
    load("../domain/figures.ts"),
  ]);
  shop = await openShop(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1:3899", LOG_LEVEL: "silent", DATABASE_URL: database.url, SESSION_SECRET: "bench-figures-secret-0123456789-0123456789" }), { log: createLogger("silent") });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const seeded = performance.now();
  const n = Number(opts.subscribers);
  if (!opts.reuse) for (const statement of SEED(n)) await client.query(statement, statement.includes("$1") ? [NOW.toISOString()] : []);
  const count = async (table) => (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const sizes = { subscriptions: await count("subscriptions"), orders: await count("orders"), renewals: await count("renewals"), attempts: await count("renewal_attempts"), refunds: await count("payment_refunds") };
  console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s: ${Object.entries(sizes).map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`).join(", ")}`);

  const db = shop.database.db;
  const month = figures.parseFigureRange({}, NOW);
  const year = figures.parseFigureRange({ from: new Date(NOW.getTime() - 364 * 86_400_000).toISOString().slice(0, 10) }, NOW);
  const QUERIES = [
    ["MRR and ARR (recurring, now)", () => metrics.recurringGroups(db), null],
    ["active subscribers (by status, now)", () => metrics.subscriptionsByStatus(db), null],
    ["net revenue, AOV, first vs renewal", (range) => metrics.revenueRows(db, range), "range"],
    ["net revenue per day", (range) => metrics.dailyNet(db, range), "range"],
    ["renewal success and dunning recovery", (range) => metrics.renewalCounts(db, range), "range"],
    ["retention by monthly cohort", (range) => metrics.cohortRows(db, range), "range"],
  ];
  const runs = Number(opts.runs);
  const time = async (fn) => {
    for (let i = 0; i < 3; i++) await fn();
    const ms = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await fn();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1) };
  };
  const rows = [];
  let worst = 0;
  for (const [label, fn, kind] of QUERIES) {
    for (const [name, range] of kind ? [["30 days", month], ["365 days", year]] : [["now", null]]) {
      const t = await time(() => fn(range));
      worst = Math.max(worst, t.p95);
      rows.push([label, name, t.p50.toFixed(1), t.p95.toFixed(1), t.max.toFixed(1), t.p95 < TARGET_MS ? "yes" : "NO"]);
    }
  }
  const header = ["figure query", "range", "p50 ms", "p95 ms", "max ms", `p95 < ${TARGET_MS} ms`];
  console.log(textTable(header, rows, [2, 3, 4]));
  const loadAverage = (await import("node:os")).loadavg()[0].toFixed(1);
  console.log(`\n${runs} runs each after 3 warm-up runs, sequential, PostgreSQL, ${NOW.toISOString().slice(0, 16)} UTC, load average ${loadAverage} on ${(await import("node:os")).cpus().length} CPUs\n`);
  console.log(markdownTable(header, rows, [2, 3, 4]));
  // The plans, so a missing index shows: each range query should read orders and refunds by their created_at index.
  for (const [label, sqlOf] of [["revenue", metrics.revenueSql], ["renewals", metrics.renewalsSql], ["cohorts", metrics.cohortSql]]) {
    const { sql: text, params } = shop.database.db.dialect.sqlToQuery(sqlOf(month));
    const plan = (await client.query(`EXPLAIN ${text}`, params)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    const scans = [...new Set(plan.match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) (using \w+ )?on \w+/g) ?? [])];
    console.log(`plan, ${label} (30 days): ${scans.join("; ")}`);
  }
  await client.end();
  if (worst >= TARGET_MS) process.exitCode = 2;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await shop?.database.close();
  if (opts.keep) console.log(`Kept ${database.url}`);
  else await database.drop();
}
