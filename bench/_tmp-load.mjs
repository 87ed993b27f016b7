import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
const r = await autocannon({ url: "http://127.0.0.1:3761/api/events", connections: 10, duration: 20, requests: [{ method: "POST", setupRequest: (req) => ({ ...req, headers: { "content-type": "application/json" }, body: JSON.stringify({ consent: { C0002: true }, events: Array.from({ length: 10 }, () => ({ name: "Nav Menu Click", properties: { menu: "Shop" }, messageId: randomUUID(), anonymousId: "a" })) }) }) }] });
console.log("events", r.requests.average * 10, "ev/s p50", r.latency.p50, r.non2xx);
