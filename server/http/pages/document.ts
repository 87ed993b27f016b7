import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ACCOUNT_ROUTES, ROUTES } from "../../../domain/routes";
import { QUIZ_COOKIE } from "../../../domain/storage-keys";
import { pickCountry } from "../../../domain/locale";
import { isUnder } from "../../../domain/shell";
import { clientLocation } from "../middleware/client-location";
import { SESSION_COOKIE } from "../../modules/auth";
import { LAST_ORDER_COOKIE } from "./last-order-cookie";
import { matchesEtag, pageCacheKey, type CachedPage, type PageCache } from "./page-cache";
import { buildLoadContext, COUNTRY_COOKIE, PREVIEW_COOKIE, type ShopLoadContext } from "../context";
import { sendsGpc } from "../context/shell";
import { atPublicOrigin, publicOrigin } from "../../public-origin";
import type { AppEnv } from "../types";

export type DocumentHandler = (request: Request, context: ShopLoadContext) => Promise<Response>;

/** Pages price for the shopper's country; a CDN must key its cache on the country header it adds. */
const COUNTRY_HEADERS_VARY = "Accept-Encoding, CF-IPCountry, CloudFront-Viewer-Country, X-Vercel-IP-Country, Sec-GPC";
// A CDN copy repeats the nonce of the render it holds, so it is kept minutes, not a day (ADR 0059).
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=300";

const PERSONAL_PATHS = [...ACCOUNT_ROUTES.map((n) => ROUTES[n]), ROUTES.cart, ROUTES.checkout, ROUTES.thank_you];

/** Anything that makes a page this visitor's own: a session, a preview or country choice, an order just placed, quiz answers. */
function isPersonal(c: Context<AppEnv>): boolean {
  return (
    getCookie(c, SESSION_COOKIE) !== undefined ||
    getCookie(c, PREVIEW_COOKIE) !== undefined ||
    getCookie(c, COUNTRY_COOKIE) !== undefined ||
    getCookie(c, LAST_ORDER_COOKIE) !== undefined ||
    // A visitor's own quiz answers, picked up where they left them (app/routes/content/quiz.tsx).
    (isUnder(pagePath(c.req.path), ROUTES.quiz) && getCookie(c, QUIZ_COOKIE) !== undefined) ||
    c.req.query("country") !== undefined ||
    PERSONAL_PATHS.some((p) => isUnder(pagePath(c.req.path), p))
  );
}

/**
 * Renders a page through React Router. Anonymous content pages may be cached by a CDN (keyed by country) and by
 * this process (the page cache, when given); anything personal (a session, a preview or country cookie, ?country=,
 * account, cart and checkout pages) never is.
 */
export async function renderDocument(c: Context<AppEnv>, handle: DocumentHandler, cache?: PageCache): Promise<Response> {
  const personal = isPersonal(c);
  const key = cache && !personal && isRead(c) ? cacheKeyOf(c) : null;
  if (cache && key) {
    const hit = cache.get(key);
    if (hit) return answerFromCache(c, hit, "HIT");
  }
  const generation = cache?.currentGeneration() ?? 0;
  // React Router sees the request at the public origin: canonical, og:url and structured data never name a Host we did not choose.
  const response = await handle(atPublicOrigin(c.req.raw, publicOrigin(c.get("shop").env, c.req.url)), await buildLoadContext(c));
  if (!response.headers.has("Cache-Control")) {
    const uncacheable = personal || response.status !== 200;
    response.headers.set("Cache-Control", uncacheable ? "private, no-store" : PUBLIC_CACHE_CONTROL);
    if (!uncacheable) response.headers.set("Vary", COUNTRY_HEADERS_VARY);
  }
  if (!cache || !key || !storable(response)) return response;
  const headers = [...response.headers.entries()].filter(([name]) => !["content-length", "etag"].includes(name.toLowerCase()));
  const entry = cache.set(key, generation, await response.text(), c.get("secureHeadersNonce") ?? "", headers);
  return entry ? answerFromCache(c, entry, "MISS") : response;
}

const isRead = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";

function cacheKeyOf(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  const country = pickCountry(undefined, undefined, clientLocation(c).country);
  // A browser sending Global Privacy Control sees pages that say so (the privacy policy's #do-not-sell), so it has its own entries.
  const key = pageCacheKey(url.pathname, url.searchParams, country, c.get("shop").env.FEATURE_FLAGS ?? "");
  return sendsGpc(c.req.header("sec-gpc")) ? `${key}|gpc` : key;
}

/** Only a plain public 200 without cookies is the same for every anonymous visitor. */
function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Cache-Control") ?? "").startsWith("public")
  );
}

/**
 * Serves an entry with this response's own nonce (ADR 0059): the entry's render nonce is replaced in the HTML and the
 * gzip is filled in with it, so no two responses share a nonce and nothing is compressed again.
 */
function answerFromCache(c: Context<AppEnv>, entry: CachedPage, status: "HIT" | "MISS"): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("X-Page-Cache", status);
  if (matchesEtag(c.req.header("If-None-Match"), entry.etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
  const nonce = c.get("secureHeadersNonce") ?? entry.nonce;
  if (/\bgzip\b/.test(c.req.header("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(new Uint8Array(entry.gzip.fill(nonce)), { status: 200, headers });
  }
  return new Response(entry.nonce ? entry.html.replaceAll(entry.nonce, nonce) : entry.html, { status: 200, headers });
}

/** The page a request is for: React Router's client navigations fetch "/thank-you.data" for "/thank-you". */
export function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}
