import { serve, type ServerType } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { timingSafeEqual } from "node:crypto";
import client from "prom-client";
import { operationalCounts } from "../modules/operations";
import type { Shop } from "../shop";
import type { PageCache } from "./pages/page-cache";

/**
 * Prometheus metrics (docs/operations.md): this process's requests, page cache and database pool, and the deployment's
 * orders, renewals, queues and outbox read from the database at scrape time. Never public by default: served on
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
  client.collectDefaultMetrics({ register: registry, prefix: "shop_process_" });
  const requests = new client.Counter({ name: "shop_http_requests_total", help: "HTTP requests by route, method and status class", labelNames: ["route", "method", "status"], registers: [registry] });
  const latency = new client.Histogram({
    name: "shop_http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let pageCache: PageCache | null = null;
  new client.Gauge({
    name: "shop_page_cache_hits_total",
    help: "Page cache hits since this process started",
    registers: [registry],
    collect() {
      this.set(pageCache?.hits ?? 0);
    },
  });
  new client.Gauge({
    name: "shop_page_cache_misses_total",
    help: "Page cache misses since this process started",
    registers: [registry],
    collect() {
      this.set(pageCache?.misses ?? 0);
    },
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
  registerDatabaseGauges(shop, registry);

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
  return { registry, middleware, watchPageCache: (cache) => (pageCache = cache) };
}

/** The deployment-wide numbers, one set of queries per scrape for all of them. */
function registerDatabaseGauges(shop: Shop, registry: client.Registry): void {
  let pending: Promise<Awaited<ReturnType<typeof operationalCounts>> | null> | null = null;
  const counts = () => (pending ??= operationalCounts(shop).catch(() => null).finally(() => setTimeout(() => (pending = null), 0)));
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: client.Gauge, c: Awaited<ReturnType<typeof operationalCounts>>) => void) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const c = await counts();
        if (!c) return;
        this.reset();
        fill(this, c);
      },
    });
  gauge("shop_orders_total", "Orders placed (all processes)", [], (g, c) => g.set(c.orders));
  gauge("shop_checkout_failures_total", "Checkout attempts that failed, by error code (declines are PAYMENT_DECLINED...)", ["code"], (g, c) => {
    for (const f of c.checkoutFailures) g.set({ code: f.code }, f.count);
  });
  gauge("shop_renewal_attempts_total", "Renewal charge attempts by outcome (succeeded, declined, requires_action, skipped)", ["outcome"], (g, c) => {
    for (const r of c.renewalAttempts) g.set({ outcome: r.outcome }, r.count);
  });
  gauge("shop_queue_waiting_jobs", "Jobs due and not yet started, per pg-boss queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.waiting);
  });
  gauge("shop_queue_active_jobs", "Jobs running (or left running by a dead worker until they expire), per queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.active);
  });
  gauge("shop_queue_oldest_waiting_seconds", "Age of the oldest due job not yet started, per queue", ["queue"], (g, c) => {
    for (const q of c.queues) g.set({ queue: q.queue }, q.oldestSeconds);
  });
  gauge("shop_outbox_queued_emails", "Emails queued in the outbox, not yet sent", [], (g, c) => g.set(c.outbox.queued));
  gauge("shop_outbox_failed_emails", "Emails that failed for good (they wait for an operator)", [], (g, c) => g.set(c.outbox.failed));
  gauge("shop_outbox_oldest_queued_seconds", "Age of the oldest queued email", [], (g, c) => g.set(c.outbox.oldestQueuedSeconds));
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
