import { ShopError } from "../../domain/errors";
import { authApi } from "./api/auth";
import { mailFormsApi } from "./api/mail-forms";
import { signInMailApi } from "./api/sign-in-mail";
import { userApi } from "./api/user";
import { accountProvider } from "./provider/account";
import { catalogApi } from "./api/catalog";
import { clientErrorsApi } from "./api/client-errors";
import { eventsApi } from "./api/events";
import { newsletterApi } from "./api/newsletter";
import { turnstileApi } from "./api/turnstile";
import { paymentsApi } from "./api/payments";
import { purchaseApi } from "./api/purchase";
import { subscriptionsApi } from "./api/subscriptions";
import { stripeWebhookApi } from "./api/stripe-webhook";
import { createConsoleApi } from "./console";
import { errorResponse } from "./errors";
import { ANYONE, createRouter, securitySchemes, SURFACE_ANSWERS } from "./openapi";
import { checkoutProvider } from "./provider/checkout";
import { couponPlansProvider } from "./provider/coupon-plans";
import { experimentsProvider } from "./provider/experiments";
import { subscriptionsProvider } from "./provider/subscriptions";
import { surveysProvider } from "./provider/surveys";

/** The shop's own API (mounted at /api) and the provider backend (mounted at PROVIDER_BASE_PATH): SPEC.md section 7. */
export function createShopApi() {
  const api = createRouter();
  api.route("/", eventsApi);
  api.route("/", clientErrorsApi);
  api.route("/", newsletterApi);
  api.route("/", signInMailApi);
  api.route("/", mailFormsApi);
  api.route("/", authApi);
  api.route("/", userApi);
  api.route("/", catalogApi);
  api.route("/", turnstileApi);
  api.route("/", purchaseApi);
  api.route("/", paymentsApi);
  api.route("/", subscriptionsApi);
  api.route("/", stripeWebhookApi);
  api.all("*", (c) => errorResponse(c, new ShopError("NOT_FOUND", `No endpoint ${c.req.method} ${c.req.path}.`)));
  return api;
}

export function createProviderApi() {
  const provider = createRouter();
  provider.route("/", accountProvider);
  provider.route("/", experimentsProvider);
  provider.route("/", couponPlansProvider);
  provider.route("/", checkoutProvider);
  provider.route("/", subscriptionsProvider);
  provider.route("/", surveysProvider);
  provider.all("*", (c) => errorResponse(c, new ShopError("NOT_FOUND", `No endpoint ${c.req.method} ${c.req.path}.`)));
  return provider;
}

/** One OpenAPI document for the three surfaces (shop, provider, console), each path under its real mount point. */
export function openApiDocument(providerBase: string) {
  const info = { version: "1.0.0" };
  const own = createShopApi().getOpenAPI31Document({ openapi: "3.1.0", info: { ...info, title: "Shop API" } });
  const provider = createProviderApi().getOpenAPI31Document({ openapi: "3.1.0", info: { ...info, title: "Provider API" } });
  const console = createConsoleApi().getOpenAPI31Document({ openapi: "3.1.0", info: { ...info, title: "Console API" } });
  const prefix = (doc: typeof own, base: string) =>
    Object.fromEntries(Object.entries(doc.paths ?? {}).map(([p, item]) => [`${base}${p}`, withSurfaceAnswers(item)]));
  return {
    openapi: "3.1.0",
    info: { title: "Seed shop: shop API and provider backend", version: info.version },
    // Relative: the shop answers at its public origin (PUBLIC_URL, ADR 0048), whatever that is.
    servers: [{ url: "/" }],
    paths: { ...prefix(own, "/api"), ...prefix(provider, providerBase), ...prefix(console, "/api/console") },
    components: {
      schemas: { ...own.components?.schemas, ...provider.components?.schemas, ...console.components?.schemas },
      securitySchemes,
    },
  };
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
type Operation = { requestBody?: unknown; parameters?: unknown[]; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };

/**
 * The statuses every operation may answer because of the middleware in front of all of them (server/app.ts) and the
 * router's validation (createRouter), added where its own declaration leaves them out: a body may be too large (413),
 * not JSON (415) or not valid (400), and so may a parameter (400); a session the operation needs may be missing (401).
 * An operation that names no session scheme is open to anyone. Statuses of the handler itself are declared with its
 * route; tests/security/openapi-true.test.ts calls every operation to hold both to what the shop answers.
 */
function withSurfaceAnswers<T extends object>(item: T): T {
  const completed = { ...item } as Record<string, unknown>;
  for (const method of METHODS) {
    const operation = completed[method] as Operation | undefined;
    if (!operation) continue;
    const needsSession = (operation.security ?? []).length > 0;
    completed[method] = {
      ...operation,
      security: operation.security ?? ANYONE,
      responses: {
        ...(operation.requestBody || operation.parameters?.length ? SURFACE_ANSWERS.badInput : {}),
        ...(operation.requestBody ? SURFACE_ANSWERS.body : {}),
        ...(needsSession ? SURFACE_ANSWERS.session : {}),
        ...operation.responses,
      },
    };
  }
  return completed as T;
}
