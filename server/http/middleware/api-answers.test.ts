import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ShopError } from "../../../domain/errors";
import { parseEnv } from "../../env";
import { onError } from "../errors";
import type { AppEnv } from "../types";
import { acceptsGzip, apiAnswers, COMPRESS_FROM_BYTES } from "./api-answers";

function app() {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use("/api/*", apiAnswers(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://shop.example" })));
  app.get("/api/small", (c) => c.json({ ok: true }));
  app.get("/api/large", (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) }, 200));
  app.get("/api/csv", (c) => c.body("a,b\n".repeat(500), 200, { "Content-Type": "text/csv; charset=utf-8" }));
  app.get("/api/pdf", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "application/pdf" }));
  app.get("/api/cached", (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ ok: true });
  });
  app.get("/api/refused", () => {
    throw new ShopError("FORBIDDEN");
  });
  return app;
}

const GZIP = { "accept-encoding": "gzip, deflate, br" };

describe("API answers (ADR 0053)", () => {
  it("carry the security headers, no-store and Vary, on answers and on errors alike", async () => {
    for (const path of ["/api/small", "/api/refused"]) {
      const headers = (await app().request(path)).headers;
      expect(headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
      expect(headers.get("cache-control")).toBe("no-store");
      expect(headers.get("vary")).toBe("Accept-Encoding");
    }
    expect((await app().request("/api/refused")).status).toBe(403);
  });

  it("keep a handler's own Cache-Control", async () => {
    expect((await app().request("/api/cached")).headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("gzip a JSON or text body of 1 KiB or more when the client takes gzip, and nothing else", async () => {
    const large = await app().request("/api/large", { headers: GZIP });
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("content-type")).toBe("application/json");
    const text = gunzipSync(Buffer.from(await large.arrayBuffer())).toString("utf8");
    expect(text.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(JSON.parse(text).items).toHaveLength(200);

    const csv = await app().request("/api/csv", { headers: GZIP });
    expect(csv.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString("utf8")).toBe("a,b\n".repeat(500));

    const small = await app().request("/api/small", { headers: GZIP });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect((await app().request("/api/pdf", { headers: GZIP })).headers.get("content-encoding")).toBeNull();
    expect((await app().request("/api/large")).headers.get("content-encoding")).toBeNull();
    expect((await app().request("/api/large", { headers: { "accept-encoding": "gzip;q=0, br" } })).headers.get("content-encoding")).toBeNull();
  });

  it("read Accept-Encoding as HTTP does", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip; q=0.0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("xgzip")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
