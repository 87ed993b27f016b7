import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { enqueueEmails } from "../modules/email";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { createMetrics, metricsEnabled, startMetricsServer } from "./metrics";

const TOKEN = "metrics-token-0123456789";

describe(`metrics (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => shop.cleanup());

  it("are off unless METRICS_PORT or METRICS_TOKEN is set", async () => {
    const plain = await openTestShop();
    try {
      expect(metricsEnabled(plain)).toBe(false);
      expect(startMetricsServer(plain, createMetrics(plain, { role: "web" }))).toBeNull();
      expect((await createApp(plain).request("/metrics")).status).toBe(404);
    } finally {
      await plain.cleanup();
    }
  });

  it("behind METRICS_TOKEN: 404 without the token; with it, request counts by route and the outbox backlog", async () => {
    const metrics = createMetrics(shop, { role: "web" });
    const app = createApp(shop, { metrics });
    await enqueueEmails(dbOf(shop), [{ to: "m@example.com", subject: "s", text: "t", html: "<p>h</p>", template: "test", idempotencyKey: `metrics:${Math.random()}` }], { now: shop.clock.now() });
    expect((await app.request("/api/openapi.json")).status).toBe(200);
    expect((await app.request("/metrics")).status).toBe(404);
    expect((await app.request("/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(404);
    const res = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/shop_http_requests_total\{(?=[^}]*route="\/api\/openapi\.json")(?=[^}]*status="2xx")[^}]*\} 1/);
    expect(text).toMatch(/shop_http_request_duration_seconds_count\{(?=[^}]*route="\/api\/openapi\.json")[^}]*\} 1/);
    expect(text).toMatch(/shop_outbox_queued_emails\{role="web"\} [1-9]/);
    expect(text).toMatch(/shop_outbox_oldest_queued_seconds\{role="web"\} /);
    expect(text).toMatch(/shop_orders\{role="web"\} \d+/);
    expect(text).toMatch(/shop_worker_heartbeat_timestamp_seconds\{role="web"\} 0/);
  });
});
