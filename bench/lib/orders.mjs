// Step 5: order placement. Twenty concurrent shoppers POST /api/purchase, each request a new shopper with its own
// Idempotency-Key (so every request really places an order: price, authorize, write, capture), on the servers given,
// measured in alternating rounds with the server process's CPU time read from /proc.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { percentile } from "./util.mjs";

const ADDRESS = { firstName: "Bench", lastName: "Shopper", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

async function sandboxToken(origin, headers = {}) {
  const res = await fetch(`${origin}/api/payments/sandbox/tokenize`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" }),
  });
  if (!res.ok) throw new Error(`tokenize answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * Shoppers' own addresses, for a server behind a proxy (TRUST_PROXY=127.0.0.1): 198.18.0.0/15, the range RFC 2544
 * sets aside for benchmarks, one address per purchase, counted across every call of the run (131,072 before one
 * comes back, by which time its one purchase of an hour ago is far within any per-address limit).
 */
let shoppers = 0;
function nextShopperAddress() {
  const n = shoppers++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Runs the load and summarises it: orders/s and latency percentiles of successful placements. `shoppersFrom`: "one"
 * (every purchase from this machine's address) or "many" (each purchase from its own address, sent as the trusted
 * proxy's X-Forwarded-For, as the shop sees shoppers behind a load balancer).
 */
export async function measureOrders(origin, { connections = 20, duration = 10, shoppersFrom = "one" } = {}) {
  const shopperHeaders = () => (shoppersFrom === "many" ? { "x-forwarded-for": nextShopperAddress() } : {});
  // One card for the whole load (the gateway remembers it: ADR 0047), tokenised by a shopper like the rest.
  const token = await sandboxToken(origin, shopperHeaders());
  let n = 0;
  const latencies = [];
  const statuses = {};
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${origin}/api/purchase`,
        connections,
        duration,
        requests: [
          {
            method: "POST",
            setupRequest: (req) => {
              n += 1;
              return {
                ...req,
                // As a browser sends them: Accept-Encoding decides whether an answer may be compressed.
                headers: { "content-type": "application/json", "accept-encoding": "gzip, deflate, br", "idempotency-key": randomUUID(), ...shopperHeaders() },
                body: JSON.stringify({
                  email: `bench-${Date.now()}-${n}@example.com`,
                  shippingAddress: ADDRESS,
                  items: { "syn-wk-3mo": 1 },
                  couponCodes: [],
                  payment: { token },
                  healthCertification: true,
                }),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 201) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    connections,
    durationSeconds: result.duration,
    orders: statuses[201] ?? 0,
    ordersPerSecond: (statuses[201] ?? 0) / result.duration,
    statuses,
    errors: result.errors + result.timeouts,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
    latencies,
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat; NaN where there is no /proc. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * Measures several servers under the same load: each is warmed up, then they take turns for `rounds` rounds of
 * `duration` seconds each, so background load on a shared machine falls on all alike. Every other round runs them in
 * reverse order (A, B, C, C, B, A, A, B, C, ...): on a machine whose speed drifts, going first or last in a round
 * would otherwise favour the same server every time.
 * Answers per target: orders/s over all rounds (and per round), latency percentiles over all rounds, and the server
 * process's CPU milliseconds per order placed.
 */
export async function compareOrders(targets, { connections = 20, duration = 10, rounds = 3, warmup = 3, shoppersFrom = "one", log = () => {} } = {}) {
  for (const t of targets) if (warmup > 0) await measureOrders(t.origin, { connections, duration: warmup, shoppersFrom });
  const collected = targets.map(() => []);
  for (let round = 1; round <= rounds; round++) {
    const order = [...targets.entries()];
    if (round % 2 === 0) order.reverse();
    for (const [i, t] of order) {
      const cpuBefore = cpuSecondsOf(t.pid);
      const databaseBefore = t.databaseCpuSeconds ? await t.databaseCpuSeconds() : NaN;
      const m = await measureOrders(t.origin, { connections, duration, shoppersFrom });
      m.cpuSeconds = cpuSecondsOf(t.pid) - cpuBefore;
      m.databaseCpuSeconds = t.databaseCpuSeconds ? (await t.databaseCpuSeconds()) - databaseBefore : NaN;
      collected[i].push(m);
      const perOrder = (seconds) => ((seconds * 1000) / (m.orders || 1)).toFixed(2);
      const database = Number.isNaN(m.databaseCpuSeconds) ? "" : `, database ${perOrder(m.databaseCpuSeconds)} ms`;
      log(`  round ${round}/${rounds} ${t.name}: ${m.ordersPerSecond.toFixed(1)} orders/s, p95 ${Math.round(m.latencyMs.p95)} ms, ${perOrder(m.cpuSeconds)} ms CPU per order${database}`);
    }
  }
  return Object.fromEntries(targets.map((t, i) => [t.key, summariseRounds(t.name, connections, collected[i])]));
}

function summariseRounds(name, connections, rounds) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, r) => sum + r.durationSeconds, 0);
  const orders = rounds.reduce((sum, r) => sum + r.orders, 0);
  const cpuSeconds = rounds.reduce((sum, r) => sum + r.cpuSeconds, 0);
  const databaseCpuSeconds = rounds.reduce((sum, r) => sum + (r.databaseCpuSeconds ?? NaN), 0);
  const statuses = {};
  for (const r of rounds) for (const [s, c] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + c;
  return {
    name,
    connections,
    rounds: rounds.length,
    durationSeconds: seconds,
    orders,
    ordersPerSecond: orders / seconds,
    ordersPerSecondPerRound: rounds.map((r) => +r.ordersPerSecond.toFixed(1)),
    statuses,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
    cpuMsPerOrder: orders > 0 ? (cpuSeconds * 1000) / orders : NaN,
    databaseCpuMsPerOrder: orders > 0 ? (databaseCpuSeconds * 1000) / orders : NaN,
  };
}

/**
 * The CPU seconds used so far by the PostgreSQL backends connected to one database (the shop's pool, its job queue
 * and listeners), from /proc: with the server's own, what an order costs the machine. Backends that come and go
 * between two readings are missed, so read it around runs on a server whose pool stays open.
 */
export function databaseCpuReader(adminUrl, databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  const connected = admin.connect();
  let seen = new Map();
  let total = 0;
  const read = async () => {
    await connected;
    const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [name]);
    // A running sum of what each backend used since it was last seen (all of it for one new since): a pool's idle
    // backends that close between two readings would otherwise take their whole past out of the sum.
    const now = new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid) || 0]));
    for (const [pid, seconds] of now) total += seconds - (seen.get(pid) ?? 0);
    seen = now;
    return total;
  };
  return { read, close: () => admin.end() };
}

/** A fresh PostgreSQL database for one run, dropped afterwards; null when no PostgreSQL answers. */
export async function freshPostgres(adminUrl) {
  const name = `shop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
