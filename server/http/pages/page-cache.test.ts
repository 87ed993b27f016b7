import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentSeedSchema } from "../../../domain/content";
import { fromRoot } from "../../lib/root";
import { seedContent } from "../../modules/content";
import { peerDocument } from "../../testing/peer-document";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { waitFor } from "../../testing/wait-for";
import { startWeb, type WebServer } from "../../web";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { matchesEtag, PageCache, pageCacheKey } from "./page-cache";

const approach = ContentSeedSchema.parse(JSON.parse(readFileSync(fromRoot("content/pages.json"), "utf8"))).pages.find((p) => p.routeName === "approach")!;

describe("page cache (unit)", () => {
  it("keys by path, kept query, country and flag set; campaign parameters do not split the cache", () => {
    const key = (q: string, country = "US", flags = "") => pageCacheKey("/", new URLSearchParams(q), country, flags);
    expect(key("utm_source=x&gclid=1")).toBe(key(""));
    expect(key("b=2&a=1")).toBe(key("a=1&b=2"));
    expect(key("promo=1")).not.toBe(key(""));
    expect(key("", "CA")).not.toBe(key(""));
    expect(key("", "US", "data-redesign=true")).not.toBe(key(""));
  });

  it("an entry keeps its render nonce and a gzip whose nonce is filled per response, carries an ETag of its bytes, and expires", () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 1000, now: () => now });
    const entry = cache.set("k", cache.currentGeneration(), '<script nonce="abc">x</script>', "abc", [])!;
    expect(entry.nonce).toBe("abc");
    expect(gunzipSync(entry.gzip.fill("fresh")).toString()).toBe('<script nonce="fresh">x</script>');
    expect(new PageCache().set("k", 0, '<script nonce="abc">x</script>', "abc", [])!.etag).toBe(entry.etag);
    expect(new PageCache().set("k", 0, '<script nonce="abc">y</script>', "abc", [])!.etag).not.toBe(entry.etag);
    expect(cache.get("k")).toBe(entry);
    now = 1001;
    expect(cache.get("k")).toBeNull();
  });

  it("a render that began before a clear is not stored", () => {
    const cache = new PageCache();
    const generation = cache.currentGeneration();
    cache.clear();
    cache.set("k", generation, "old", "", []);
    expect(cache.get("k")).toBeNull();
  });

  it("If-None-Match matches weak or strong, in a list, or *", () => {
    expect(matchesEtag('"a", W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag("*", 'W/"b"')).toBe(true);
    expect(matchesEtag('"c"', 'W/"b"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"b"')).toBe(false);
  });
});

describe(`page cache over HTTP (${testDriver()})`, () => {
  let shop: TestShop;
  let web: WebServer;
  let peer: { child: ChildProcess; port: number } | null = null;
  const get = (port: number, path = "/", headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers });

  beforeAll(async () => {
    // The test's requests come from 127.0.0.1 in the role of the CDN, so its country header is believed.
    shop = await openTestShop({ env: { TRUST_PROXY: "127.0.0.1" } });
    web = await startWeb(shop, peerDocument, 0);
  });
  afterAll(async () => {
    peer?.child.kill("SIGTERM");
    await web.close(100);
    await shop.cleanup();
  });

  it("the second anonymous request is served from the cache, gzipped, with a nonce of its own in its CSP and HTML; a matching ETag answers 304 without a CSP", async () => {
    const first = await get(web.port, "/approach");
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await get(web.port, "/approach?utm_source=newsletter");
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    const body = await second.text();
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)![1]!;
    expect(nonceOf(body)).not.toBe(nonceOf(firstBody));
    expect(body).toBe(firstBody.replaceAll(nonceOf(firstBody), nonceOf(body)));
    expect(second.headers.get("Content-Encoding")).toBe("gzip");
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonceOf(body)}'`);
    // Anything not served from the cache still gets a nonce of its own.
    const personal = await get(web.port, "/approach", { Cookie: "seed_jwt=x" });
    expect(nonceOf(await personal.text())).not.toBe(nonceOf(body));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    const notModified = await get(web.port, "/approach", { "If-None-Match": second.headers.get("ETag")! });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    // The client keeps its stored page and that page's CSP: a fresh nonce here would block the stored page's scripts.
    expect(notModified.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("a signed-in, previewing or country-choosing visitor is never served from or stored in the cache", async () => {
    for (const headers of [{ Cookie: "seed_jwt=x" }, { Cookie: "seed_flags=data-redesign=true" }]) {
      const res = await get(web.port, "/approach", headers);
      expect(res.headers.get("X-Page-Cache"), JSON.stringify(headers)).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await get(web.port, "/approach?country=CA")).headers.get("X-Page-Cache")).toBeNull();
  });

  it("another country is another entry", async () => {
    const res = await get(web.port, "/approach", { "CF-IPCountry": "GB" });
    expect(res.headers.get("X-Page-Cache")).toBe("MISS");
    expect((await get(web.port, "/approach", { "CF-IPCountry": "GB" })).headers.get("X-Page-Cache")).toBe("HIT");
  });

  it("a content change empties the cache of every process on the database (LISTEN/NOTIFY), including a second OS process", async () => {
    if (shop.database.kind === "postgres") peer = await startPeer(databaseUrlOf(shop));
    const ports = [web.port, ...(peer ? [peer.port] : [])];
    for (const port of ports) {
      await get(port, "/approach");
      expect((await get(port, "/approach")).headers.get("X-Page-Cache"), `port ${port}`).toBe("HIT");
    }
    const intro = "Changed words, served everywhere at once.";
    await seedContent(shop, [{ ...approach, intro }], []);
    for (const port of ports) {
      await waitFor(`port ${port} to serve the new words`, async () => (await (await get(port, "/approach")).text()).includes(intro), 10_000);
    }
  }, 60_000);
});

function databaseUrlOf(shop: TestShop): string {
  const url = shop.databaseUrl;
  if (!url) throw new Error("the test shop did not say its database URL");
  return url;
}

async function startPeer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(fromRoot("node_modules/.bin/tsx"), [fromRoot("server/testing/page-peer.ts"), url], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the peer process exited with ${code}`)));
    lines.on("line", (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
  });
  return { child, port };
}
