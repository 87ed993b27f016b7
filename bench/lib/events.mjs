// Step 6: analytics ingestion. POST /api/events at a fixed rate of events per second (batches as the browser sends
// them, each event with its own message id, consent given), while a fixed rate of page requests runs beside it.
// Page latency is measured first alone, then under the event load, in the same run on the same server.
import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import { percentile } from "./util.mjs";

const CONSENT = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };

function run(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
    if (onResponse) instance.on("response", onResponse);
  });
}

function summary(latencies, statuses, result, okStatus) {
  latencies.sort((a, b) => a - b);
  const ok = statuses[okStatus] ?? 0;
  return {
    requests: ok,
    perSecond: ok / result.duration,
    statuses,
    errors: result.errors + result.timeouts,
    latencyMs: { mean: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1), p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
  };
}

function pageLoad(origin, { pagePath, pageRate, duration }) {
  const latencies = [];
  const statuses = {};
  return run(
    { url: `${origin}${pagePath}`, connections: 4, overallRate: pageRate, duration, headers: { "accept-encoding": "gzip" } },
    (_c, status, _b, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) latencies.push(ms);
    },
  ).then((result) => summary(latencies, statuses, result, 200));
}

function eventLoad(origin, { eventsPerSecond, batch, duration, connections }) {
  const latencies = [];
  const statuses = {};
  let n = 0;
  return run(
    {
      url: `${origin}/api/events`,
      connections,
      overallRate: Math.round(eventsPerSecond / batch),
      duration,
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            n += 1;
            const events = Array.from({ length: batch }, (_, i) => ({
              name: i % 2 ? "Product Added" : "Nav Menu Click",
              properties: i % 2 ? { cart_id: `bench-${n}`, product_id: "syn-wk", sku: "SYN-WK", price: 49.99, quantity: 1, currency: "USD" } : { menu: "Shop" },
              path: "/daily-synbiotic",
              anonymousId: `bench-visitor-${n % 500}`,
              messageId: randomUUID(),
            }));
            return { ...req, headers: { "content-type": "application/json" }, body: JSON.stringify({ events, consent: CONSENT }) };
          },
        },
      ],
    },
    (_c, status, _b, ms) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 202) latencies.push(ms);
    },
  ).then((result) => {
    const s = summary(latencies, statuses, result, 202);
    return { ...s, eventsPerSecond: s.perSecond * batch };
  });
}

/**
 * Pages alone, then pages and events together; the slowdown compares page latency between the two. Then, for
 * reading that figure, a control: the same two loads with a hundredth of the event rate, whose "slowdown" is what
 * the machine and the method add on their own (ADR 0045; on a shared host it can be tens of percent). The verdict
 * uses the first slowdown only.
 */
export async function measureEvents(origin, { eventsPerSecond = 2000, batch = 10, duration = 10, pagePath = "/daily-synbiotic", pageRate = 20, connections = 20, control = true } = {}) {
  await pageLoad(origin, { pagePath, pageRate, duration: 2 }); // warm-up
  const pagesAlone = await pageLoad(origin, { pagePath, pageRate, duration });
  const [pagesUnderLoad, events] = await Promise.all([pageLoad(origin, { pagePath, pageRate, duration }), eventLoad(origin, { eventsPerSecond, batch, duration, connections })]);
  const slowdown = (pagesUnderLoad.latencyMs.mean - pagesAlone.latencyMs.mean) / pagesAlone.latencyMs.mean;
  const result = { settings: { eventsPerSecond, batch, duration, pagePath, pageRate, connections }, pagesAlone, pagesUnderLoad, events, pageSlowdown: slowdown };
  if (!control) return result;
  const trickle = Math.max(batch, Math.round(eventsPerSecond / 100));
  const controlAlone = await pageLoad(origin, { pagePath, pageRate, duration });
  const [controlPages] = await Promise.all([pageLoad(origin, { pagePath, pageRate, duration }), eventLoad(origin, { eventsPerSecond: trickle, batch, duration, connections: 2 })]);
  const controlSlowdown = (controlPages.latencyMs.mean - controlAlone.latencyMs.mean) / controlAlone.latencyMs.mean;
  return { ...result, control: { eventsPerSecond: trickle, pagesAlone: controlAlone, pagesBesideTrickle: controlPages, pageSlowdown: controlSlowdown } };
}
