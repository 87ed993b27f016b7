import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { startJobs, type JobQueue } from "../jobs/queue";
import { WORKER_HEARTBEAT } from "../jobs/worker-heartbeat";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { PROMTOOL, PROMTOOL_MISSING, promtool } from "../testing/promtool";
import { waitFor } from "../testing/wait-for";
import { createMetrics, startMetricsServer } from "./metrics";
import { PageCache } from "./pages/page-cache";

const TOKEN = "metrics-token-0123456789";

/** A sample's value in the Prometheus text format, or null when the series is not there. */
function sample(text: string, series: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

/**
 * Each role's real output through `promtool check metrics` (the linter Prometheus ships: counters named `_total`,
 * gauges not, units, help texts), and the worker heartbeat that lets any process show that no worker runs (ADR 0078).
 */
describe(`metrics pass promtool, and the worker heartbeat (${testDriver()})`, () => {
  let shop: TestShop;
  let jobs: JobQueue | null = null;
  let webScrape: () => Promise<string>;
  beforeAll(async () => {
    shop = await openTestShop({ env: { METRICS_TOKEN: TOKEN } });
    const metrics = createMetrics(shop, { role: "web" });
    const pageCache = new PageCache();
    metrics.watchPageCache(pageCache);
    const app = createApp(shop, { metrics, pageCache });
    expect((await app.request("/api/openapi.json")).status).toBe(200);
    expect((await app.request("/api/no-such-thing")).status).toBe(404);
    webScrape = async () => (await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  });
  afterAll(async () => {
    await jobs?.stop();
    await shop.cleanup();
  });

  it.runIf(PROMTOOL)("a web process's output passes promtool check metrics", async () => {
    const text = await webScrape();
    expect(text).toContain("# TYPE shop_page_cache_hits_total counter");
    expect(text).toContain("# TYPE shop_orders gauge");
    const lint = promtool(["check", "metrics"], text);
    expect(lint.output).toBe("");
    expect(lint.status).toBe(0);
  });

  it("before any worker ran, every process reports the heartbeat as 0 (an alert on its age fires)", async () => {
    expect(sample(await webScrape(), 'shop_worker_heartbeat_timestamp_seconds{role="web"}')).toBe(0);
  });

  it("a worker's output: no page cache, its heartbeat seen by a web process too; and it passes promtool", async () => {
    jobs = await startJobs(shop);
    const server = await startMetricsServer({ ...shop, env: { ...shop.env, METRICS_PORT: 0 } }, createMetrics(shop, { role: "worker" }));
    try {
      const scrape = async () => (await fetch(`http://127.0.0.1:${server!.port}/metrics`)).text();
      await jobs.boss.send(WORKER_HEARTBEAT, {});
      await jobs.boss.notifyWorker(jobs.workers[WORKER_HEARTBEAT]!);
      const beat = await waitFor("a completed heartbeat", async () => sample(await scrape(), 'shop_worker_heartbeat_timestamp_seconds{role="worker"}'));
      // pg-boss's clock (the database's), not the shop's test clock: a real time within the last minute.
      expect(Math.abs(beat - performance.timeOrigin / 1000 - performance.now() / 1000)).toBeLessThan(60);
      expect(sample(await webScrape(), 'shop_worker_heartbeat_timestamp_seconds{role="web"}')).toBe(beat);
      const text = await scrape();
      expect(text).not.toContain("shop_page_cache");
      expect(text).toContain('shop_checkout_failures{code="PAYMENT_DECLINED",role="worker"} 0');
      expect(text).toMatch(/shop_renewal_attempts\{outcome="declined",role="worker"\} 0/);
      if (!PROMTOOL) return;
      const lint = promtool(["check", "metrics"], text);
      expect(lint.output).toBe("");
      expect(lint.status).toBe(0);
    } finally {
      await server?.close();
    }
  });

  it.skipIf(PROMTOOL)(PROMTOOL_MISSING, () => {});
});
