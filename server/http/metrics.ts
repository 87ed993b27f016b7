import { serve, type ServerType } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";
import type { Shop } from "../shop";
import { registerDeploymentGauges } from "./deployment-metrics";
import type { PageCache } from "./pages/page-cache";

/**
 * Prometheus metrics (docs/operations.md, alerts in ops/prometheus/alerts.yml): this process's requests, page cache and
 * database pool, and the deployment's orders, renewals, queues, outbox and worker heartbeat read from the database at
 * scrape time (deployment-metrics.ts). Never public by default: served on
 * METRICS_PORT (bound to METRICS_HOST, loopback unless set) or on the shop's port behind METRICS_TOKEN, or not at all.
 */
export interface Metrics {
  registry: client.Registry;
  /** Counts and times every request by its matched route. */
  middleware: MiddlewareHandler;
  /** Lets the page cache's hits and misses be read (the web process's cache starts after the metrics). */
  watchPageCache(cache: PageCache): void;
}

export function metricsEnabled(shop: Shop): boolean {
  return shop.env.METRICS_PORT !== undefined || shop.env.METRICS_TOKEN !== undefined;
}

export function createMetrics(shop: Shop, options: { role: "web" | "worker" }): Metrics {
  const registry = new client.Registry();
  registry.setDefaultLabels({ role: options.role });
  collectProcessMetrics(registry);
  const requests = new client.Counter({ name: "shop_http_requests_total", help: "HTTP requests by route, method and status class", labelNames: ["route", "method", "status"], registers: [registry] });
  const latency = new client.Histogram({
    name: "shop_http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: "shop_db_pool_connections",
    help: "PostgreSQL pool connections of this process by state (in_use, idle, waiting for one, max)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = shop.database.poolStats();
      if (!stats) return;
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
      this.set({ state: "max" }, stats.max);
    },
  });
  registerDeploymentGauges(shop, registry);

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // The matched route's pattern, never the raw path: bounded label values. Pages all match "*".
      const route = c.req.routePath === "*" || c.req.routePath === "/*" ? "page" : c.req.routePath;
      const method = c.req.method;
      requests.inc({ route, method, status: `${Math.floor((c.res?.status ?? 500) / 100)}xx` });
      latency.observe({ route, method }, (performance.now() - started) / 1000);
    }
  };
  return { registry, middleware, watchPageCache: (cache) => registerPageCacheCounters(registry, cache) };
}

/**
 * Node's defaults, less the three gauges prom-client names `*_total` (active handles, requests and resources in all):
 * `promtool check metrics` rejects a gauge named like a counter, and the same gauges by type remain (sum them).
 */
function collectProcessMetrics(registry: client.Registry): void {
  client.collectDefaultMetrics({ register: registry, prefix: "shop_process_" });
  for (const kind of ["handles", "requests", "resources"]) registry.removeSingleMetric(`shop_process_nodejs_active_${kind}_total`);
}

/** Hits and misses of this process's page cache, registered only where there is one (never on a worker). */
function registerPageCacheCounters(registry: client.Registry, cache: PageCache): void {
  const counter = (name: string, help: string, read: () => number) =>
    new client.Counter({
      name,
      help,
      registers: [registry],
      collect() {
        // The cache counts; the counter mirrors its running total (both only ever grow while the process lives).
        this.reset();
        this.inc(read());
      },
    });
  counter("shop_page_cache_hits_total", "Page cache hits since this process started", () => cache.hits);
  counter("shop_page_cache_misses_total", "Page cache misses since this process started", () => cache.misses);
}

async function answer(metrics: Metrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), { headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" } });
}

/** GET /metrics on the shop's own port for a request carrying METRICS_TOKEN; 404 otherwise (nothing to find). */
export function metricsRoute(shop: Shop, metrics: Metrics): MiddlewareHandler {
  const token = Buffer.from(`Bearer ${shop.env.METRICS_TOKEN ?? ""}`);
  return async (c, next) => {
    if (!shop.env.METRICS_TOKEN || c.req.path !== "/metrics" || c.req.method !== "GET") return next();
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== token.length || !timingSafeEqual(given, token)) return c.json({ code: "NOT_FOUND", message: "Not found." }, 404);
    return answer(metrics);
  };
}

/** The separate metrics port (METRICS_PORT), for web processes and workers alike. */
export function startMetricsServer(shop: Shop, metrics: Metrics): Promise<{ port: number; close: () => Promise<void> }> | null {
  if (shop.env.METRICS_PORT === undefined) return null;
  const app = new Hono();
  app.get("/metrics", () => answer(metrics));
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: shop.env.METRICS_PORT, hostname: shop.env.METRICS_HOST }, (info) =>
      resolve({ port: info.port, close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}
