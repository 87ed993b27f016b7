import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { requestId } from "hono/request-id";
import { ShopError } from "../domain/errors";
import { renderDocument, type DocumentHandler } from "./http/pages/document";
import { errorResponse, onError } from "./http/errors";
import { healthRoutes } from "./http/health";
import { jsonOnly } from "./http/middleware/json-only";
import { requestLog } from "./http/middleware/request-log";
import { securityHeaders } from "./http/middleware/security-headers";
import { sessionMiddleware } from "./http/middleware/session";
import { seoRoutes } from "./http/pages/seo";
import { staticFiles } from "./http/pages/static";
import { consolePageGate, createConsoleApi, staffSessionMiddleware } from "./http/console";
import { createProviderApi, createShopApi, openApiDocument } from "./http/surfaces";
import { testHooks } from "./http/test-hooks";
import type { AppEnv } from "./http/types";
import type { Shop } from "./shop";

export interface AppOptions {
  /** Renders pages; absent in API-only tests. */
  document?: DocumentHandler;
  /** Serve build/client (production). In development Vite serves the browser files. */
  serveBuild?: boolean;
  /** Running behind the Vite dev server (npm run dev). */
  viteDev?: boolean;
}

const API_BODY_LIMIT = 64 * 1024;

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
};

export function createApp(shop: Shop, options: AppOptions = {}) {
  const app = new Hono<AppEnv>({ strict: false });
  const providerBase = shop.env.PROVIDER_BASE_PATH;

  app.use("*", async (c, next) => {
    c.set("shop", shop);
    await next();
  });
  app.use("*", requestId({ headerName: "X-Request-Id", limitLength: 128 }));
  app.use("*", requestLog);
  app.use("*", securityHeaders(shop.env, { viteDev: options.viteDev }));
  app.use("*", compress());
  app.onError(onError);

  app.route("/", healthRoutes);
  app.route("/", seoRoutes);

  const tooLarge = bodyLimit({ maxSize: API_BODY_LIMIT, onError: (c) => errorResponse(c, new ShopError("PAYLOAD_TOO_LARGE")) });
  for (const base of ["/api", providerBase]) {
    // no-store first, so error answers of the checks after it (413, 415, 403) are not cached either.
    app.use(`${base}/*`, noStore, tooLarge, jsonOnly, csrf(), sessionMiddleware);
  }
  app.get("/api/openapi.json", (c) => c.json(openApiDocument(providerBase)));
  // The operator console (docs/decisions/0023-staff-access.md): its own session cookie, its own API and a gate in
  // front of its pages; mounted before /api so the shop's catch-all 404 does not answer for it.
  app.use("/api/console/*", staffSessionMiddleware);
  app.route("/api/console", createConsoleApi());
  app.route("/api", createShopApi());
  app.route(providerBase, createProviderApi());

  if (shop.env.ENABLE_TEST_HOOKS) {
    app.use("/__test/*", sessionMiddleware);
    app.route("/__test", testHooks);
  }

  // Console pages: forms post here, so the same-origin check of the API applies too (the cookie is SameSite=Strict).
  for (const path of ["/console", "/console.data", "/console/*"]) app.use(path, csrf(), staffSessionMiddleware, consolePageGate);

  if (options.serveBuild) app.use("*", staticFiles());
  const document = options.document;
  if (document) {
    app.use("*", sessionMiddleware);
    app.all("*", (c) => renderDocument(c, document));
  }
  return app;
}
