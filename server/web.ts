import { serve, type ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import { createApp } from "./app";
import type { DocumentHandler } from "./http/document";
import type { Shop } from "./shop";

export interface WebServer {
  server: ServerType;
  port: number;
  /** Stops accepting, lets requests in flight finish (up to the grace period), then resolves. */
  close(graceMs?: number): Promise<void>;
}

export function startWeb(shop: Shop, document: DocumentHandler, port = shop.env.PORT): Promise<WebServer> {
  const app = createApp(shop, { document, serveBuild: true });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: shop.env.HOST }, (info) => {
      resolve({ server, port: info.port, close: (graceMs) => closeGracefully(server as Server, graceMs) });
    });
  });
}

function closeGracefully(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
