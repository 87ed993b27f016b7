import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { DocumentHandler } from "../../server/http/pages/document";
import { PageCache } from "../../server/http/pages/page-cache";
import { openTestShop, testDriver, testEnv, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 11 (low): the page cache served every anonymous visitor the nonce of the render it kept, in the CSP
 * and in the HTML alike (4 of 4 responses of `/` the same), so the nonce proved nothing; and a CDN could keep that copy
 * for a day. Every response now carries a nonce of its own, cache hits included (ADR 0059).
 */

/** A page like React Router's: the nonce on scripts and preloads, and inside the root loader's data. */
const reactRouterLike: DocumentHandler = async (_request, context) =>
  new Response(
    `<!doctype html><link rel="modulepreload" href="/assets/root.js" nonce="${context.nonce}"/><main>${"<p>words</p>".repeat(500)}</main>` +
      `<script nonce="${context.nonce}">window.__reactRouterContext = {"nonce":"${context.nonce}"};</script>` +
      `<script nonce="${context.nonce}" type="module" async="">import("/assets/entry.client.js");</script>`,
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );

const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example" };

describe(`a nonce per response, cached pages included (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp({ ...shop, env: testEnv(PRODUCTION) }, { document: reactRouterLike, pageCache: new PageCache() });
  });
  afterAll(() => shop.cleanup());

  /** An anonymous visit to `/`: the CSP's nonce and every nonce in the HTML (gunzipped when it came gzipped). */
  async function visit(headers: Record<string, string> = {}) {
    const res = await app.request("https://shop.example/", { headers });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const html = (res.headers.get("Content-Encoding") === "gzip" ? gunzipSync(bytes) : bytes).toString();
    const header = /script-src [^;]*'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
    const inBody = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    return { res, html, header, inBody };
  }

  it("four anonymous visits of `/` carry four nonces, gzipped or not, and each CSP names exactly its own page's nonce", async () => {
    const visits = [await visit(), await visit(), await visit({ "Accept-Encoding": "gzip" }), await visit({ "Accept-Encoding": "gzip, br" })];
    expect(visits[0]!.res.headers.get("X-Page-Cache")).toBe("MISS");
    for (const v of visits.slice(1)) expect(v.res.headers.get("X-Page-Cache")).toBe("HIT");
    expect(visits[2]!.res.headers.get("Content-Encoding")).toBe("gzip");
    for (const { header, inBody, html } of visits) {
      expect(header).toBeTruthy();
      expect(inBody).toHaveLength(3);
      expect(new Set(inBody)).toEqual(new Set([header]));
      expect(html).toContain(`{"nonce":"${header}"}`);
    }
    expect(new Set(visits.map((v) => v.header)).size).toBe(4);
    // Apart from the nonce the pages are the same page.
    const [a, b] = visits;
    expect(b!.html).toBe(a!.html.replaceAll(a!.header!, b!.header!));
  });

  it("a revalidation (304) sends no CSP, so the client keeps the policy that matches the page it holds", async () => {
    const first = await visit();
    const again = await app.request("https://shop.example/", { headers: { "If-None-Match": first.res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("a CDN may keep an anonymous page (and the one nonce it holds) for minutes, not a day", async () => {
    const cacheControl = (await visit()).res.headers.get("Cache-Control") ?? "";
    const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1] ?? 0);
    expect(cacheControl).toMatch(/^public/);
    expect(seconds("s-maxage") + seconds("stale-while-revalidate")).toBeLessThanOrEqual(600);
  });
});
