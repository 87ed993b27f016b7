import { serve, type ServerType } from "@hono/node-server";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import { createApp } from "./app";
import type { DocumentHandler } from "./http/pages/document";
import { PageCache } from "./http/pages/page-cache";
import { createMetrics, metricsEnabled, startMetricsServer } from "./http/metrics";
import { listenForPageChanges } from "./modules/content";
import type { Shop } from "./shop";

export interface WebServer {
  server: ServerType;
  port: number;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then resolves. */
  close(graceMs?: number): Promise<void>;
}

export async function startWeb(shop: Shop, document: DocumentHandler, port = shop.env.PORT): Promise<WebServer> {
  const pageCache = await startPageCache(shop);
  const metrics = metricsEnabled(shop) ? createMetrics(shop, { role: "web" }) : undefined;
  if (metrics && pageCache) metrics.watchPageCache(pageCache.cache);
  const metricsServer = metrics ? await startMetricsServer(shop, metrics) : null;
  const app = createApp(shop, { document, serveBuild: true, pageCache: pageCache?.cache, metrics });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: shop.env.HOST }, (info) => {
      const close = async (graceMs?: number) => {
        await closeGracefully(server as Server, open, graceMs);
        await pageCache?.stop();
        await metricsServer?.close();
      };
      resolve({ server, port: info.port, close });
    });
    const open = trackResponses(server as Server);
  });
}

/**
 * The page cache of this process, emptied whenever any process reports a content or price change, when the listening
 * connection drops and when it is back; while nobody listens it stores nothing and pages are served uncached (ADR 0052).
 */
export async function startPageCache(shop: Shop): Promise<{ cache: PageCache; stop: () => Promise<void> } | null> {
  if (shop.env.PAGE_CACHE_SECONDS === 0) return null;
  let listening: { live: () => boolean } | null = null;
  const cache = new PageCache({ maxAgeMs: shop.env.PAGE_CACHE_SECONDS * 1000, storing: () => listening?.live() === true });
  const changes = await listenForPageChanges(shop, (reason) => {
    cache.clear();
    shop.log.debug({ reason }, "page cache emptied");
  });
  listening = changes;
  return { cache, stop: changes.stop };
}

/** Responses not yet sent, so a shutdown can tell their clients not to reuse the connection. */
function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return open;
}

function closeGracefully(server: Server, open: Set<ServerResponse>, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    // Requests that still arrive on kept-alive connections are answered with "Connection: close",
    // and so are those in flight, so clients stop reusing connections and the server can finish.
    server.on("request", (_req: IncomingMessage, res: ServerResponse) => (res.shouldKeepAlive = false));
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    // Stop accepting connections. http.Server#close would also drop idle connections at once, and a
    // connection whose request is still unread in its socket (PGlite keeps the event loop busy) counts
    // as idle: its request would be lost. So idle connections are dropped one turn later, after the
    // event loop has read what already arrived.
    NetServer.prototype.close.call(server, () => {
      clearTimeout(force);
      resolve();
    });
    setImmediate(() => server.closeIdleConnections());
  });
}
