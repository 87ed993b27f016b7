import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { ACCOUNT_ROUTES, ROUTES } from "../../../domain/routes";
import { isUnder } from "../../../domain/shell";
import { SESSION_COOKIE } from "../../modules/auth";
import { LAST_ORDER_COOKIE } from "./last-order-cookie";
import { buildLoadContext, COUNTRY_COOKIE, PREVIEW_COOKIE, type ShopLoadContext } from "../context";
import type { AppEnv } from "../types";

export type DocumentHandler = (request: Request, context: ShopLoadContext) => Promise<Response>;

/** Pages price for the shopper's country; a CDN must key its cache on the country header it adds. */
const COUNTRY_HEADERS_VARY = "Accept-Encoding, CF-IPCountry, CloudFront-Viewer-Country, X-Vercel-IP-Country";

const PERSONAL_PATHS = [...ACCOUNT_ROUTES.map((n) => ROUTES[n]), ROUTES.cart, ROUTES.checkout, ROUTES.thank_you];

/**
 * Renders a page through React Router. Anonymous content pages may be cached by a CDN (keyed by country);
 * anything personal (a session, a preview or country cookie, ?country=, account, cart and checkout pages) never is.
 */
export async function renderDocument(c: Context<AppEnv>, handle: DocumentHandler): Promise<Response> {
  const response = await handle(c.req.raw, await buildLoadContext(c));
  if (!response.headers.has("Cache-Control")) {
    const personal =
      getCookie(c, SESSION_COOKIE) !== undefined ||
      getCookie(c, PREVIEW_COOKIE) !== undefined ||
      getCookie(c, COUNTRY_COOKIE) !== undefined ||
      getCookie(c, LAST_ORDER_COOKIE) !== undefined ||
      c.req.query("country") !== undefined ||
      PERSONAL_PATHS.some((p) => isUnder(pagePath(c.req.path), p)) ||
      response.status !== 200;
    response.headers.set(
      "Cache-Control",
      personal ? "private, no-store" : "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    );
    if (!personal) response.headers.set("Vary", COUNTRY_HEADERS_VARY);
  }
  return response;
}

/** The page a request is for: React Router's client navigations fetch "/thank-you.data" for "/thank-you". */
export function pagePath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}
