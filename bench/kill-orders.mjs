#!/usr/bin/env node
// The order path under kill -9: the built shop on a throwaway PostgreSQL database takes 20 concurrent shoppers, is
// killed with SIGKILL in the middle, restarted on the same database, and every order and charge is checked:
//   - each order has its lines, one payment, its subscription, its confirmation email and a completed attempt;
//   - no charge is captured without an order; no order has a charge that was voided;
//   - what the kill left over is counted: payments still only authorized (the settle job captures them after 2 minutes),
//     authorizations noted on a pending attempt (voided after 5 minutes), and authorizations the kill caught before
//     they were noted (never captured, but out of the settle job's sight: a gap of ADR 0006's order of steps).
// With --pglite the shop runs on PGlite in a data folder kept across the kill, and the checks read that folder once the
// restarted shop has stopped (ADR 0054: PGlite's statements are sent under names; a kill must lose or double nothing).
// Not part of `npm test` (it needs a build, and PostgreSQL unless --pglite).
// Usage: node bench/kill-orders.mjs [--postgres=URL | --pglite] [--port=3900] [--kill-after=8]
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freshPostgres, measureOrders, prepareTokens } from "./lib/orders.mjs";
import { startServer } from "./lib/server.mjs";
import { findFreePort, sleep } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    port: { type: "string", default: "3900" },
    "kill-after": { type: "string", default: "8" },
    pglite: { type: "boolean", default: false },
  },
});
const root = process.cwd();
const database = opts.pglite ? pgliteFolder() : await freshPostgres(opts.postgres);
if (!database) throw new Error(`PostgreSQL does not answer at ${opts.postgres}`);
const env = { extraEnv: { RATE_LIMITS: "off" }, databaseUrl: database.url, dataDir: database.dataDir };

/** A data folder of its own for the PGlite shop, kept across the kill and read afterwards. */
function pgliteFolder() {
  const dataDir = join(mkdtempSync(join(tmpdir(), "shop-kill-")), "data");
  return { url: null, dataDir, drop: async () => rmSync(join(dataDir, ".."), { recursive: true, force: true }) };
}

/** Runs the checks' SQL on the database the shop wrote: PostgreSQL over a connection, or the PGlite folder itself. */
async function openChecks() {
  if (!opts.pglite) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return { query: (sql) => client.query(sql), end: () => client.end() };
  }
  const client = await PGlite.create(join(database.dataDir, "pglite"), { extensions: { pg_trgm } });
  return { query: (sql) => client.query(sql), end: () => client.close() };
}
let failures = 0;
try {
  const port = await findFreePort(Number(opts.port), Number(opts.port) + 99);
  const shop = await startServer(root, port, env);
  const loadSettings = { connections: 20, duration: Number(opts["kill-after"]) + 3 };
  // Every order's own card token (a token pays once: ADR 0058), made before the load so the kill falls on orders.
  await prepareTokens(shop.origin, loadSettings);
  const load = measureOrders(shop.origin, loadSettings);
  await sleep(Number(opts["kill-after"]) * 1000);
  process.kill(shop.pid, "SIGKILL");
  const before = await load.catch((error) => ({ error: String(error) }));
  console.log(`killed with SIGKILL after ${opts["kill-after"]} s; answered 201: ${before.orders ?? "?"}, statuses ${JSON.stringify(before.statuses ?? before)}`);
  await shop.stop();
  const again = await startServer(root, port, env);
  await again.stop();

  const db = await openChecks();
  const count = async (label, sql) => {
    const n = (await db.query(sql)).rows[0].n;
    return { label, n: Number(n) };
  };
  const totals = [
    await count("orders", "select count(*) n from orders"),
    await count("charges", "select count(*) n from sandbox_charges"),
    await count("payments captured", "select count(*) n from payments where status = 'captured'"),
    await count("payments still authorized (settle captures them after 2 min)", "select count(*) n from payments where status = 'authorized'"),
    await count("pending attempts holding an authorization (settle voids them after 5 min)", "select count(*) n from checkout_attempts where status = 'pending' and charge_id is not null"),
    await count("pending attempts without an authorization (retry may take over after 5 min)", "select count(*) n from checkout_attempts where status = 'pending' and charge_id is null"),
  ];
  for (const t of totals) console.log(`  ${t.label}: ${t.n}`);
  if (totals[0].n === 0) {
    console.log("  FAIL no order was written before the kill: nothing was tested (raise --kill-after)");
    failures += 1;
  }
  const broken = [
    await count("orders without exactly one payment", "select count(*) n from orders o where (select count(*) from payments p where p.order_id = o.id) <> 1"),
    await count("orders without lines", "select count(*) n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)"),
    await count("orders without their subscription", "select count(*) n from orders o where not exists (select 1 from subscriptions s where s.order_id = o.id)"),
    await count("orders without a confirmation email", "select count(*) n from orders o where not exists (select 1 from email_outbox e where e.idempotency_key = 'order-confirmation:' || o.id)"),
    await count("orders whose attempt is not completed", "select count(*) n from orders o join checkout_attempts a on a.idempotency_key = o.idempotency_key where a.status <> 'completed' or a.order_id <> o.id"),
    await count("charges captured without an order", "select count(*) n from sandbox_charges c where c.status = 'captured' and not exists (select 1 from payments p where p.gateway_charge_id = c.id)"),
    await count("orders paid with a voided charge", "select count(*) n from payments p join sandbox_charges c on c.id = p.gateway_charge_id where c.status = 'voided'"),
  ];
  for (const b of broken) {
    console.log(`  ${b.n === 0 ? "ok  " : "FAIL"} ${b.label}: ${b.n}`);
    if (b.n !== 0) failures += 1;
  }
  // Killed between the gateway's answer and noting it on the attempt (ADR 0006's order, unchanged by issue 18): never
  // captured, but the settle job cannot find them; a real gateway releases an uncaptured authorization after some days.
  const unnoted = await count(
    "authorizations killed before they were noted on their attempt (never captured; not settled: a known gap of ADR 0006)",
    `select count(*) n from sandbox_charges c where c.status = 'authorized'
       and not exists (select 1 from payments p where p.gateway_charge_id = c.id)
       and not exists (select 1 from checkout_attempts a where a.status = 'pending' and a.charge_id = c.id)`,
  );
  console.log(`  note ${unnoted.label}: ${unnoted.n}`);
  await db.end();
} finally {
  await database.drop();
}
console.log(failures === 0 ? "Every order and charge is consistent." : `${failures} check(s) failed.`);
process.exit(failures === 0 ? 0 : 1);
