import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import { relative } from "node:path";
import { fromRoot } from "../../lib/root";

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
/** The typeface's files, named by a hash of their bytes: a new cut is a new name. */
const HASHED_FONT = /\/fonts\/[\w-]+\.[0-9a-f]{12}\.woff2$/;

/**
 * How long a browser keeps a built file. Hashed files under /assets change name when they change: a year, immutable.
 * Product art under /products is kept as long: it is on every product page and most content pages, and an hour made
 * every visit ask for it again. So a file in public/products never changes once published: new or corrected art gets
 * a new file name (ds01-jar-2.svg) and the catalogue and CMS point at it (docs/decisions/0043-first-paint.md). The
 * typeface's files under /fonts carry a hash of their bytes in their name (scripts/make-font.mjs): a year, immutable.
 * The rest (favicon, manifest, the font's licence: names fixed by convention) an hour.
 */
export function cacheControlFor(path: string): string {
  return path.includes("/assets/") || path.includes("/products/") || HASHED_FONT.test(path) ? YEAR_IMMUTABLE : "public, max-age=3600";
}

export function staticFiles(): MiddlewareHandler {
  const root = relative(process.cwd(), fromRoot("build/client")) || ".";
  return serveStatic({
    root,
    onFound: (path, c) => {
      c.header("Cache-Control", cacheControlFor(path));
    },
  });
}
