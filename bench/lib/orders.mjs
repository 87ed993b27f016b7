// Step 4: order placement. Twenty concurrent shoppers POST /api/purchase, each request a new shopper with its own
// Idempotency-Key (so every request really places an order: price, authorize, write, capture), on the server given.
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { percentile } from "./util.mjs";

const ADDRESS = { firstName: "Bench", lastName: "Shopper", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" };

async function sandboxToken(origin) {
  const res = await fetch(`${origin}/api/payments/sandbox/tokenize`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2035, cvc: "123" }),
  });
  if (!res.ok) throw new Error(`tokenize answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

/** Runs the load and summarises it: orders/s and latency percentiles of successful placements. */
export async function measureOrders(origin, { connections = 20, duration = 10 } = {}) {
  const token = await sandboxToken(origin);
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
                headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
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
  };
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
