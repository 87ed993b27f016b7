#!/usr/bin/env node
// `node bench/console-lists.mjs`: the operator console's lists on PostgreSQL with 100,000 orders, 50,000 customers,
// 20,000 subscriptions and 100,000 outbox emails. Starts the built server on a fresh database, makes an owner with
// the real `console-owner` command, finishes the setup link and signs in with TOTP (otplib, as an app would), seeds
// the rows with SQL, then times each console list through the API: first page, a deep page (keyset cursor), searches.
// Options: --postgres URL (default postgres://postgres@127.0.0.1:5432/test), --port 3800, --requests 40.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { generate } from "otplib";
import pg from "pg";
import { freshPostgres } from "./lib/orders.mjs";
import { startServer } from "./lib/server.mjs";
import { markdownTable, percentile, sleep, textTable } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    port: { type: "string", default: "3800" },
    requests: { type: "string", default: "40" },
  },
});
const ROOT = new URL("..", import.meta.url).pathname;
const PASSWORD = "bench console passphrase";

const SEED = [
  `INSERT INTO customers (email, first_name, last_name, created_at)
     SELECT 'c' || i || '@bench.test', (ARRAY['Ada','Grace','Katherine','Alan','Edsger'])[1 + i % 5], 'Name' || (i % 5000), $1::timestamptz - (i || ' seconds')::interval
     FROM generate_series(1, 50000) i`,
  `INSERT INTO orders (customer_id, email, status, currency, country, subtotal, discount_total, discounts, shipping_method, shipping_label,
       shipping_amount, total, shipping_address, idempotency_key, created_at)
     SELECT c.id, c.email, 'paid', 'USD', 'US', 13497, 0, '[]'::jsonb, 'free_shipping', 'Free standard shipping', 0, 13497,
       jsonb_build_object('firstName', c.first_name, 'lastName', c.last_name, 'address1', '1 Main St', 'city', 'Austin', 'region', 'TX', 'postalCode', '78701', 'country', 'US'),
       'bench-' || g.i, $1::timestamptz - ((100000 - g.i) || ' seconds')::interval
     FROM generate_series(1, 100000) g(i) JOIN LATERAL (SELECT id, email, first_name, last_name FROM customers WHERE email = 'c' || (1 + g.i % 50000) || '@bench.test') c ON true`,
  `INSERT INTO order_lines (order_id, position, product_code, plan_code, sku, name, image, quantity, unit_price, list_total, discount, total)
     SELECT id, 0, 'ds-01', 'syn-wk-3mo', 'syn-wk-3mo', 'DS-01 Daily Synbiotic, 3-month', '/images/ds-01.png', 1, 13497, 13497, 0, 13497 FROM orders`,
  `INSERT INTO subscriptions (customer_id, order_id, product_code, plan_code, renewal_plan_code, quantity, billing_period_months, currency, price_list,
       country, status, shipping_address, activated_at, next_billing_at, created_at)
     SELECT customer_id, id, 'ds-01', 'syn-wk-3mo', 'syn-rf-3mo', 1, 3, 'USD', 'US', 'US', 'active', shipping_address, created_at, created_at + interval '3 months', created_at
     FROM orders WHERE number % 5 = 0`,
  `INSERT INTO email_outbox ("to", subject, text, html, template, idempotency_key, status, attempts, last_error, created_at)
     SELECT email, 'Your Seed order', 'text', '<p>html</p>', 'order-confirmation', 'order-confirmation:' || id,
       CASE WHEN number % 50 = 0 THEN 'failed' ELSE 'sent' END, 1, CASE WHEN number % 50 = 0 THEN '550 mailbox unavailable' END, created_at
     FROM orders`,
  `INSERT INTO coupons (code, type, value, created_at) SELECT 'BENCH' || i, 'percent', 10, $1::timestamptz FROM generate_series(1, 5000) i`,
  `ANALYZE`,
];

async function signInOwner(origin, url) {
  const run = spawnSync(process.execPath, ["build/node/index.js", "console-owner", "owner@bench.test"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", SESSION_SECRET: process.env.BENCH_SECRET, LOG_LEVEL: "warn", PUBLIC_URL: origin },
    encoding: "utf8",
  });
  const token = /token=([\w-]+)/.exec(run.stdout)?.[1];
  if (!token) throw new Error(`console-owner printed no link:\n${run.stdout}\n${run.stderr}`);
  const page = await (await fetch(`${origin}/console/setup?token=${token}`)).text();
  const secret = /class="c-secret"[^>]*>([A-Z2-7]+)</.exec(page)?.[1];
  if (!secret) throw new Error("no secret on the setup page");
  const post = (path, body, cookie) =>
    fetch(`${origin}/api/console${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const step = Math.floor(Date.now() / 30_000);
  const setup = await post("/auth/setup", { token, password: PASSWORD, code: await generate({ secret }) });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
  while (Math.floor(Date.now() / 30_000) <= step) await sleep(500);
  const res = await post("/auth/sign-in", { email: "owner@bench.test", password: PASSWORD, code: await generate({ secret }) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie").split(";")[0];
}

async function time(origin, cookie, path, n) {
  const ms = [];
  for (let i = 0; i < n + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/console${path}`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    if (i >= 3) ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms.at(-1) };
}

process.env.BENCH_SECRET ??= "bench-console-secret-bench-console-secret-0123456789";
const db = await freshPostgres(opts.postgres);
if (!db) {
  console.error(`No PostgreSQL at ${opts.postgres}`);
  process.exit(1);
}
const server = await startServer(ROOT, Number(opts.port), { databaseUrl: db.url, extraEnv: { SESSION_SECRET: process.env.BENCH_SECRET, JOBS: "off" } });
try {
  const client = new pg.Client({ connectionString: db.url });
  client.on("error", () => {}); // the database is dropped at the end, possibly under an open connection
  await client.connect();
  const seeded = performance.now();
  for (const statement of SEED) await client.query(statement, statement.includes("$1") ? [new Date().toISOString()] : []);
  const [{ n }] = (await client.query("SELECT count(*)::int AS n FROM orders")).rows;
  const [{ s }] = (await client.query("SELECT count(*)::int AS s FROM subscriptions")).rows;
  const midCustomer = (await client.query("SELECT created_at, id FROM customers ORDER BY created_at DESC, id DESC OFFSET 25000 LIMIT 1")).rows[0];
  const midEmail = (await client.query("SELECT created_at, id FROM email_outbox ORDER BY created_at DESC, id DESC OFFSET 50000 LIMIT 1")).rows[0];
  await client.end();
  console.log(`Seeded ${n} orders, ${s} subscriptions in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const cookie = await signInOwner(server.origin, db.url);
  const requests = Number(opts.requests);
  const cursor = (row) => `${row.created_at.toISOString()}~${row.id}`;
  const LISTS = [
    ["orders, first page", "/orders"],
    ["orders, page at 50,000 deep", "/orders?before=SD-150000"],
    ["orders by number", "/orders?q=SD-187654"],
    ["orders by email", "/orders?q=c777%40bench.test"],
    ["orders by name", "/orders?q=Ada%20Name4321"],
    ["one order (detail)", "/orders/SD-187654"],
    ["customers, first page", "/customers"],
    ["customers, page at 25,000 deep", `/customers?before=${encodeURIComponent(cursor(midCustomer))}`],
    ["customer by email", "/customers?email=c777%40bench.test"],
    ["emails, failed", "/emails?status=failed"],
    ["emails, page at 50,000 deep", `/emails?before=${encodeURIComponent(cursor(midEmail))}`],
    ["coupons, page after BENCH2500", "/coupons?after=BENCH2500"],
    ["audit log", "/audit"],
  ];
  const rows = [];
  for (const [label, path] of LISTS) {
    const t = await time(server.origin, cookie, path, requests);
    rows.push([label, t.p50.toFixed(1), t.p95.toFixed(1), t.max.toFixed(1)]);
  }
  const header = ["console list (50 rows)", "p50 ms", "p95 ms", "max ms"];
  console.log(textTable(header, rows, [1, 2, 3]));
  console.log(`\n${requests} requests each, sequential, PostgreSQL, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log(markdownTable(header, rows, [1, 2, 3]));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server.stop();
  await db.drop();
}
