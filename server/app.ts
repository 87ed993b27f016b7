import { Hono, type Context, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { renderDocument, type DocumentHandler } from "./http/pages/document";
import { onError } from "./http/errors";
import { healthRoutes } from "./http/health";
import { apiAnswers } from "./http/middleware/api-answers";
import { bodyLimitFast, payloadTooLarge } from "./http/middleware/body-limit";
import { jsonOnly } from "./http/middleware/json-only";
import { loopbackOnly } from "./http/middleware/loopback-only";
import { requestLog } from "./http/middleware/request-log";
import { sameOriginWrites } from "./http/middleware/same-origin";
import { securityHeaders } from "./http/middleware/security-headers";
import { sessionMiddleware } from "./http/middleware/session";
import type { PageCache } from "./http/pages/page-cache";
import { metricsRoute, type Metrics } from "./http/metrics";
import { seoRoutes } from "./http/pages/seo";
import { mediaRoutes } from "./http/pages/media";
import { staticFiles } from "./http/pages/static";
import { consolePageGate, createConsoleApi, isMediaUpload, staffSessionMiddleware, uploadBodyLimit } from "./http/console";
import { createProviderApi, createShopApi, openApiDocument } from "./http/surfaces";
import { testHooks } from "./http/test-hooks";
import type { AppEnv } from "./http/types";
import type { Shop } from "./shop";
import { REVIEW_FORM_MAX_BYTES } from "../domain/reviews";
import { REVIEW_PATH, reviewLinkVerifies } from "./modules/reviews";

export interface AppOptions {
  /** Renders pages; absent in API-only tests. */
  document?: DocumentHandler;
  /** Serve build/client (production). In development Vite serves the browser files. */
  serveBuild?: boolean;
  /** Running behind the Vite dev server (npm run dev). */
  viteDev?: boolean;
  /** Keeps anonymous page HTML in the process (server/http/pages/page-cache.ts). */
  pageCache?: PageCache;
  /** Counts requests and serves /metrics behind METRICS_TOKEN (server/http/metrics.ts). */
  metrics?: Metrics;
}

const API_BODY_LIMIT = 64 * 1024;
/**
 * Page form posts (issue 33: they had no limit, and three 250 MB posts to /cart grew the process by 800 MB). The shop's
 * forms are small (the contact form's 4,000-character message is under 40 KB however it is typed), so the API's limit
 * holds them; the console's page editor posts every field of a page (rich text up to 20,000 characters a field, encoded
 * for a form), so console pages take more.
 */
const PAGE_FORM_LIMIT = 64 * 1024;
const CONSOLE_FORM_LIMIT = 1024 * 1024;
/** The console's media page takes its upload form's files: its limit applies after the page gate (ADR 0067). */
const isConsoleMediaPage = (path: string) => /^\/console\/media(?:\.data)?\/?$/.test(path);
/** A review link's form (ADR 0068) may carry photos: the bigger limit only for a link that verifies, checked from the path before any byte is read. */
const isReviewPost = (shop: Shop, path: string) => path.startsWith(`${REVIEW_PATH}/`) && reviewLinkVerifies(shop, path.slice(REVIEW_PATH.length + 1).replace(/\.data$/, ""));
const isConsolePage = (path: string) => path === "/console" || path === "/console.data" || path.startsWith("/console/");

export function createApp(shop: Shop, options: AppOptions = {}) {
  const app = new Hono<AppEnv>({ strict: false });
  const providerBase = shop.env.PROVIDER_BASE_PATH;
  const apiBases = ["/api", providerBase];
  const isApi = (path: string) => apiBases.some((base) => path === base || path.startsWith(`${base}/`));
  // JSON answers get their headers and compression from apiAnswers; pages, files and the rest from these.
  const pagesOnly = (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) => (isApi(c.req.path) ? next() : middleware(c, next));
  const apiOnly = (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) => (isApi(c.req.path) ? middleware(c, next) : next());

  if (options.metrics) app.use("*", options.metrics.middleware, metricsRoute(shop, options.metrics));
  app.use("*", async (c, next) => {
    c.set("shop", shop);
    await next();
  });
  app.use("*", requestId({ headerName: "X-Request-Id", limitLength: 128 }));
  app.use("*", requestLog);
  app.use("*", pagesOnly(securityHeaders(shop.env, { viteDev: options.viteDev })));
  app.use("*", pagesOnly(compress()));
  // Before every check that may answer an API call, so that its error answers carry them too.
  app.use("*", apiOnly(apiAnswers(shop.env)));
  // Before any route, pages' form actions included: no other site may change anything here.
  app.use("*", sameOriginWrites);
  app.onError(onError);

  app.route("/", healthRoutes);
  app.route("/", seoRoutes);
  // The media library's renditions: immutable, content-hashed, read from the database every process shares (ADR 0067).
  app.route("/", mediaRoutes);

  // Every body has a limit: over it, 413 with the body left unread (payloadTooLarge says how the client is told).
  const pageForm = bodyLimitFast({ maxSize: PAGE_FORM_LIMIT, onError: payloadTooLarge("page") });
  const consoleForm = bodyLimitFast({ maxSize: CONSOLE_FORM_LIMIT, onError: payloadTooLarge("page") });
  const reviewForm = bodyLimitFast({ maxSize: REVIEW_FORM_MAX_BYTES, onError: payloadTooLarge("page") });
  const formLimitFor = (c: Context<AppEnv>) => {
    if (isConsoleMediaPage(c.req.path)) return null;
    if (isConsolePage(c.req.path)) return consoleForm;
    return c.req.method === "POST" && isReviewPost(shop, c.req.path) ? reviewForm : pageForm;
  };
  app.use("*", pagesOnly((c, next) => formLimitFor(c)?.(c, next) ?? next()));
  const tooLarge = bodyLimitFast({ maxSize: API_BODY_LIMIT, onError: payloadTooLarge("api") });
  // The console's image upload is the one API body that is not small JSON: its own limit applies after its permission
  // is checked (server/http/console/media.ts, ADR 0067).
  const exceptUploads = (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> => (c, next) => (isMediaUpload(c.req.method, c.req.path) ? next() : middleware(c, next));
  for (const base of apiBases) app.use(`${base}/*`, exceptUploads(tooLarge), exceptUploads(jsonOnly), sessionMiddleware);
  app.get("/api/openapi.json", (c) => c.json(openApiDocument(providerBase)));
  // The operator console (docs/decisions/0023-staff-access.md): its own session cookie, its own API and a gate in
  // front of its pages; mounted before /api so the shop's catch-all 404 does not answer for it.
  app.use("/api/console/*", staffSessionMiddleware);
  app.route("/api/console", createConsoleApi());
  app.route("/api", createShopApi());
  app.route(providerBase, createProviderApi());

  if (shop.env.ENABLE_TEST_HOOKS && shop.env.NODE_ENV !== "production") {
    app.use("/__test/*", loopbackOnly, sessionMiddleware);
    app.route("/__test", testHooks);
  }

  // Console pages (their forms post here; sameOriginWrites above refuses cross-origin writes, and the cookie is SameSite=Strict).
  for (const path of ["/console", "/console.data", "/console/*"]) app.use(path, staffSessionMiddleware, consolePageGate);
  app.use("/console/*", (c, next) => (isConsoleMediaPage(c.req.path) ? uploadBodyLimit(c, next) : next()));

  if (options.serveBuild) app.use("*", staticFiles());
  const document = options.document;
  if (document) {
    // Page forms (account actions, the signed-out cancellation) post to the same origin only: the global
    // cross-site check above refuses the rest.
    app.use("*", sessionMiddleware);
    app.all("*", (c) => renderDocument(c, document, options.pageCache));
  }
  return app;
}
