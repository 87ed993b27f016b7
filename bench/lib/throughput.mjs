// Step 3: requests per second and latency of the server-rendered home page, against the same
// HTML served as a static file by the same server (so the cost of SSR shows).
import autocannon from "autocannon";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { percentile } from "./util.mjs";

export const STATIC_NAME = "__bench-home.html";

const running = new Set();

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(opts, (err, result) => {
      running.delete(instance);
      if (err) reject(err);
      else resolve({ result, latencies });
    });
    running.add(instance);
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** Stops any load still being generated (on Ctrl-C or the time limit). */
export function stopLoad() {
  for (const instance of running) instance.stop();
  running.clear();
}

function summarise(url, connections, rounds) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, r) => sum + r.result.duration, 0); // measured wall time
  const requests = rounds.reduce((sum, r) => sum + r.result.requests.total, 0);
  const bytes = rounds.reduce((sum, r) => sum + r.result.throughput.total, 0);
  const count = (key) => rounds.reduce((sum, r) => sum + r.result[key], 0);
  return {
    url: new URL(url).pathname,
    connections,
    durationSeconds: +seconds.toFixed(2),
    requests,
    requestsPerSecond: requests / seconds,
    requestsPerSecondPerRound: rounds.map((r) => +(r.result.requests.total / r.result.duration).toFixed(1)),
    latencyMs: {
      mean: latencies.reduce((sum, v) => sum + v, 0) / (latencies.length || 1),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
    },
    bytesPerSecond: bytes / seconds,
    errors: count("errors"),
    timeouts: count("timeouts"),
    non2xx: count("non2xx"),
  };
}

/**
 * Both targets are warmed up, then measured in alternating rounds (SSR, static, SSR, static...)
 * of duration/rounds seconds each, so background load on a shared machine hits both alike.
 */
async function measurePair(urls, { connections, duration, warmup, rounds, headers }) {
  const common = { connections, pipelining: 1, headers, timeout: 10 };
  for (const url of urls) if (warmup > 0) await cannon({ ...common, url, duration: warmup });
  const perRound = Math.max(1, Math.round(duration / rounds));
  const collected = urls.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (const [j, url] of urls.entries()) collected[j].push(await cannon({ ...common, url, duration: perRound }));
  }
  return urls.map((url, j) => summarise(url, connections, collected[j]));
}

/**
 * Saves the home page's HTML as build/client/__bench-home.html (served by the static middleware),
 * measures GET / and GET /__bench-home.html, and deletes the copy again.
 */
export async function measureThroughput(root, origin, { connections = 10, duration = 10, warmup = 3, rounds = 2, encoding = "gzip", path = "/" } = {}) {
  const headers = { accept: "text/html", "accept-encoding": encoding, "user-agent": "shop-bench (autocannon)" };
  const home = await fetch(`${origin}${path}`, { headers: { accept: "text/html", "accept-encoding": "identity" } });
  if (!home.ok) throw new Error(`GET ${path} answered ${home.status}`);
  const html = await home.text();
  // The home page keeps its historical name; other pages get their own copy.
  const STATIC_NAME_FOR = path === "/" ? STATIC_NAME : `__bench-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.html`;
  const staticPath = join(root, "build/client", STATIC_NAME_FOR);
  writeFileSync(staticPath, html);
  try {
    const check = await fetch(`${origin}/${STATIC_NAME_FOR}`, { headers: { "accept-encoding": "identity" } });
    const body = await check.text();
    if (!check.ok || body !== html) {
      throw new Error(`/${STATIC_NAME_FOR} was not served as the static copy (status ${check.status})`);
    }
    const [ssr, staticFile] = await measurePair([`${origin}${path}`, `${origin}/${STATIC_NAME_FOR}`], {
      connections, duration, warmup, rounds, headers,
    });
    return {
      settings: { connections, durationSeconds: duration, rounds, warmupSeconds: warmup, acceptEncoding: encoding, pipelining: 1 },
      htmlBytes: Buffer.byteLength(html),
      ssr,
      static: staticFile,
      ssrToStaticThroughput: ssr.requestsPerSecond / staticFile.requestsPerSecond,
    };
  } finally {
    rmSync(staticPath, { force: true });
  }
}

export function removeStaticCopy(root) {
  rmSync(join(root, "build/client", STATIC_NAME), { force: true });
  rmSync(join(root, "build/client", "__bench-cultured-microbiome-101.html"), { force: true });
}
