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
import { createRouter } from "./openapi";
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
    Object.fromEntries(Object.entries(doc.paths ?? {}).map(([p, item]) => [`${base}${p}`, item]));
  return {
    openapi: "3.1.0",
    info: { title: "Seed shop: shop API and provider backend", version: info.version },
    paths: { ...prefix(own, "/api"), ...prefix(provider, providerBase), ...prefix(console, "/api/console") },
    components: { schemas: { ...own.components?.schemas, ...provider.components?.schemas, ...console.components?.schemas } },
  };
}
