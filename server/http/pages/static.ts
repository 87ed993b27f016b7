import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { relative } from "node:path";
import { fromRoot } from "../../lib/root";

/** Built browser files. Hashed files under /assets are immutable for a year; the rest (favicon, art) for an hour. */
export function staticFiles(): MiddlewareHandler {
  const root = relative(process.cwd(), fromRoot("build/client")) || ".";
  return serveStatic({
    root,
    onFound: (path, c) => {
      c.header(
        "Cache-Control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
}
