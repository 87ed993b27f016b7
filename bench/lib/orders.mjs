// Step 5: order placement. Twenty concurrent shoppers POST /api/purchase, each request a new shopper with its own
// Idempotency-Key and its own card token (so every request really places an order: price, authorize, write, capture),
// on the servers given, measured in alternating rounds with the server process's CPU time read from /proc.
// A sandbox card token pays once (ADR 0058): the tokens are made before the load, through the same tokenize API, so
// no tokenize call is inside a timed order request nor in a round's CPU reading (see `prepareTokens`).
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
 * Card tokens made but not yet spent, per server (origin): a sandbox token pays once (ADR 0058), so every order of the
 * load takes one of its own from here. What a load leaves unspent stays for the next load on the same server.
 */
const pools = new Map();
/** The highest orders/s each server has placed so far in this process: how many tokens its next load may need. */
const ratesSeen = new Map();
/** Before any load has run on a server: above the best shop figure yet (452 orders/s, docs/benchmarks.md). */
const FIRST_GUESS_ORDERS_PER_SECOND = 500;

function poolOf(origin) {
  if (!pools.has(origin)) pools.set(origin, []);
  return pools.get(origin);
}

/** Makes `count` tokens, `concurrency` at a time, into `pool`; answers how many it made. */
async function tokenizeInto(pool, origin, count, concurrency, headers) {
  let left = count;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, async () => {
      while (left > 0) {
        left -= 1;
        pool.push(await sandboxToken(origin, headers()));
      }
    }),
  );
  return count;
}

/**
 * Fills the server's token pool, before a load, with one token per order the load may send: the highest rate seen on
 * that server (a first guess before any) × 1.5 × the seconds, plus two per connection. Run it before reading CPU
 * counters: tokenising is not part of placing an order. `tokenOrigin`: another process of the same shop (the same
 * database) to tokenise on instead, so that not even a whole-process CPU profile of `origin` holds the tokenising.
 * Answers the pool's size.
 */
export async function prepareTokens(origin, { connections = 20, duration = 10, shoppersFrom = "one", tokenOrigin = origin } = {}) {
  const pool = poolOf(origin);
  const rate = ratesSeen.get(origin) ?? FIRST_GUESS_ORDERS_PER_SECOND;
  const wanted = Math.ceil(rate * 1.5 * duration) + 2 * connections;
  if (pool.length < wanted) await tokenizeInto(pool, tokenOrigin, wanted - pool.length, connections, () => shopperHeadersFor(shoppersFrom));
  return pool.length;
}

const shopperHeadersFor = (shoppersFrom) => (shoppersFrom === "many" ? { "x-forwarded-for": nextShopperAddress() } : {});

/**
 * Runs the load and summarises it: orders/s and latency percentiles of successful placements. `shoppersFrom`: "one"
 * (every purchase from this machine's address) or "many" (each purchase from its own address, sent as the trusted
 * proxy's X-Forwarded-For, as the shop sees shoppers behind a load balancer).
 */
export async function measureOrders(origin, { connections = 20, duration = 10, shoppersFrom = "one", tokenOrigin = origin } = {}) {
  const shopperHeaders = () => shopperHeadersFor(shoppersFrom);
  // A token of its own for every order (a token pays once: ADR 0058), all made before the load starts. Should a load
  // outrun the pool (a server faster than any load on it before), more are made in batches beside the load, never
  // inside an order's request, and counted in `tokensMadeDuringLoad` so a reader knows the figures carry them.
  await prepareTokens(origin, { connections, duration, shoppersFrom, tokenOrigin });
  const pool = poolOf(origin);
  // Refill when half a second's orders (at the highest rate seen) are left, a second's worth at a time.
  const lowWater = 2 * connections + Math.ceil((ratesSeen.get(origin) ?? FIRST_GUESS_ORDERS_PER_SECOND) / 2);
  let refilling = null;
  let tokensMadeDuringLoad = 0;
  let tokensShort = 0;
  const refill = () => {
    refilling ??= tokenizeInto(pool, tokenOrigin, 2 * lowWater, Math.min(5, connections), shopperHeaders)
      .then((made) => (tokensMadeDuringLoad += made))
      .catch(() => {})
      .finally(() => (refilling = null));
  };
  let lastToken = "tok_none";
  const nextToken = () => {
    if (pool.length <= lowWater) refill();
    const token = pool.pop();
    if (token) return (lastToken = token);
    // Empty even so: the refill is behind. A spent token answers 400 CARD_TOKEN_USED, counted apart below.
    tokensShort += 1;
    return lastToken;
  };
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
              const token = nextToken();
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
                  renewalConsent: true,
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
  await refilling;
  latencies.sort((a, b) => a - b);
  const ordersPerSecond = (statuses[201] ?? 0) / result.duration;
  ratesSeen.set(origin, Math.max(ratesSeen.get(origin) ?? 0, ordersPerSecond));
  return {
    connections,
    durationSeconds: result.duration,
    orders: statuses[201] ?? 0,
    ordersPerSecond,
    statuses,
    tokensMadeDuringLoad,
    tokensShort,
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
      // The round's tokens first: tokenising is not in the round's time nor in its CPU readings.
      await prepareTokens(t.origin, { connections, duration, shoppersFrom });
      const cpuBefore = cpuSecondsOf(t.pid);
      const databaseBefore = t.databaseCpuSeconds ? await t.databaseCpuSeconds() : NaN;
      const m = await measureOrders(t.origin, { connections, duration, shoppersFrom });
      m.cpuSeconds = cpuSecondsOf(t.pid) - cpuBefore;
      m.databaseCpuSeconds = t.databaseCpuSeconds ? (await t.databaseCpuSeconds()) - databaseBefore : NaN;
      collected[i].push(m);
      const perOrder = (seconds) => ((seconds * 1000) / (m.orders || 1)).toFixed(2);
      const database = Number.isNaN(m.databaseCpuSeconds) ? "" : `, database ${perOrder(m.databaseCpuSeconds)} ms`;
      const tokens = m.tokensMadeDuringLoad || m.tokensShort ? ` (the token pool ran low: ${m.tokensMadeDuringLoad} tokens made during the load, ${m.tokensShort} orders without a fresh one)` : "";
      log(`  round ${round}/${rounds} ${t.name}: ${m.ordersPerSecond.toFixed(1)} orders/s, p95 ${Math.round(m.latencyMs.p95)} ms, ${perOrder(m.cpuSeconds)} ms CPU per order${database}${tokens}`);
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
    tokensMadeDuringLoad: rounds.reduce((sum, r) => sum + r.tokensMadeDuringLoad, 0),
    tokensShort: rounds.reduce((sum, r) => sum + r.tokensShort, 0),
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
