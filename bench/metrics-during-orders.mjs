#!/usr/bin/env node
// Scrapes METRICS_PORT of a built web process on a throwaway PostgreSQL database before, during and after 10 s of
// concurrent orders (10 shoppers): the order, purchase-request and pool counters move. Not part of `npm test`.
// Usage (after npm run build): node bench/metrics-during-orders.mjs
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
const root = process.cwd();
const name = `shop_metrics_demo_${Date.now()}`;
const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/test" });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const port = 3431, mport = 3432;
const child = spawn(process.execPath, [`${root}/build/node/index.js`], { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: `/tmp/shop-metrics-demo-${process.pid}`, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`, METRICS_PORT: String(mport), RATE_LIMITS: "off", LOG_LEVEL: "warn" }, stdio: "inherit" });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) { try { if ((await fetch(`${base}/readyz`)).status === 200) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const scrape = async () => (await (await fetch(`http://127.0.0.1:${mport}/metrics`)).text()).split("\n").filter((l) => /^shop_(orders\{|http_requests_total\{route="\/api\/purchase"|checkout_failures|db_pool_connections\{state="in_use"|http_request_duration_seconds_count\{route="\/api\/purchase")/.test(l));
const tok = async () => ((await (await fetch(`${base}/api/payments/sandbox/tokenize`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" }) })).json()).token);
// A card token pays once (ADR 0058): every order takes its own, from tokens made before the load; should the load
// outrun them, a shopper makes a batch between two of its orders (never inside an order's request).
const tokens = [];
const makeTokens = async (count, concurrency) => { let left = count; await Promise.all(Array.from({ length: concurrency }, async () => { while (left-- > 0) tokens.push(await tok()); })); };
await makeTokens(3000, 10);
let madeDuringLoad = 0;
const nextToken = async () => { if (tokens.length === 0) { madeDuringLoad += 50; await makeTokens(50, 1); } return tokens.pop(); };
console.log("before", await scrape());
let stop = false;
const shopper = async (k) => { let n = 0; while (!stop) { const token = await nextToken(); await fetch(`${base}/api/purchase`, { method: "POST", headers: { "content-type": "application/json", "Idempotency-Key": randomUUID() }, body: JSON.stringify({ email: `s${k}-${n++}@example.com`, shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" }, items: { "syn-wk-3mo": 1 }, couponCodes: [], payment: { token }, healthCertification: true, renewalConsent: true }) }).then((r) => r.text()); } };
const load = Array.from({ length: 10 }, (_, k) => shopper(k));
await new Promise((r) => setTimeout(r, 5000));
console.log("after 5 s", await scrape());
await new Promise((r) => setTimeout(r, 5000));
console.log("after 10 s", await scrape());
stop = true; await Promise.all(load);
console.log(`tokens made during the load: ${madeDuringLoad}`);
child.kill("SIGTERM"); await new Promise((r) => child.once("exit", r));
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`); await admin.end();
