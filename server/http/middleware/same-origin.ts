import type { MiddlewareHandler } from "hono";
import { ShopError } from "../../../domain/errors";
import type { AppEnv } from "../types";
import { withoutTrailingSlashes } from "../../../domain/routes";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** GET requests that change state anyway (the spec's logout is a GET). */
const STATE_CHANGING_GETS = new Set(["/api/auth/logout"]);

/**
 * Writes any site may send: the newsletter's one-click unsubscribe (RFC 8058), whose signed token is the whole
 * authority, and which a mail client may post from its own origin.
 */
const CROSS_SITE_WRITES = new Set(["/newsletter/unsubscribe"]);

export const CROSS_SITE_MESSAGE = "Requests from other sites may not change anything here.";

/**
 * Refuses state-changing requests (every non-GET, and GET logout) that a browser says come from another site: a
 * Sec-Fetch-Site of cross-site or same-site (a sibling subdomain is another site to us, though SameSite cookies go
 * with it), else an Origin that is not ours. Our own pages, with or without JavaScript, send same-origin; clients that
 * are not browsers send neither header and pass (they carry no victim's cookies).
 */
export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = withoutTrailingSlashes(c.req.path);
  if (SAFE_METHODS.has(c.req.method) && !STATE_CHANGING_GETS.has(path)) return next();
  if (CROSS_SITE_WRITES.has(path)) return next();
  const site = c.req.header("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw new ShopError("FORBIDDEN", CROSS_SITE_MESSAGE);
  const origin = c.req.header("origin");
  if (site === undefined && origin !== undefined && !ownOrigins(c.req.url, c.get("shop").env.PUBLIC_URL).has(origin)) {
    throw new ShopError("FORBIDDEN", CROSS_SITE_MESSAGE);
  }
  await next();
};

function ownOrigins(requestUrl: string, publicUrl: string | undefined): Set<string> {
  const origins = new Set([new URL(requestUrl).origin]);
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  return origins;
}
