import { startServer } from "./lib/server.mjs";
import { freshPostgres } from "./lib/orders.mjs";
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
const db = await freshPostgres("postgres://postgres@127.0.0.1:5432/test");
const s = await startServer("/work/wt/analytics", 3760, { databaseUrl: db.url, extraEnv: { RATE_LIMITS: "off" } });
const mk = (batch) => ({ method: "POST", setupRequest: (req) => ({ ...req, headers: { "content-type": "application/json" }, body: JSON.stringify({ consent: { C0002: true }, events: Array.from({ length: batch }, () => ({ name: "Nav Menu Click", properties: { menu: "Shop" }, messageId: randomUUID(), anonymousId: "a" })) }) }) });
for (const path of ["/healthz"]) {
  const r = await autocannon({ url: s.origin + path, connections: 10, duration: 5 });
  console.log(path, r.requests.average, r.latency.p50);
}
const r = await autocannon({ url: s.origin + "/api/events", connections: 10, duration: 8, requests: [mk(10)] });
console.log("events", r.requests.average * 10, "ev/s p50", r.latency.p50, "p97.5", r.latency.p97_5, r.non2xx);
await s.stop(); await db.drop();
