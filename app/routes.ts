import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { isProductPage } from "../domain/product-pages";
import { ROUTES, type RouteName } from "../domain/routes";

/** Every route of SPEC.md's table, registered under its spec name (the route id). */
const NAMES = (Object.keys(ROUTES) as RouteName[]).filter((name) => name !== "home");
const OWN_MODULES: Partial<Record<RouteName, string>> = {
  cart: "routes/cart/cart.tsx",
  checkout: "routes/checkout/checkout.tsx",
  thank_you: "routes/checkout/thank-you.tsx",
  login: "routes/account/login.tsx",
  signup: "routes/account/signup.tsx",
  recover: "routes/account/recover.tsx",
  settings: "routes/account/settings.tsx",
  member_homepage: "routes/account/home.tsx",
  microbiome_101: "routes/content/article.tsx",
  probiotics_101: "routes/content/article.tsx",
};
const moduleFor = (name: RouteName) => OWN_MODULES[name] ?? (isProductPage(name) ? "routes/shop/product-page.tsx" : "routes/content/content-page.tsx");

export default [
  index("routes/shop/home.tsx", { id: "home" }),
  ...NAMES.map((name) => route(ROUTES[name], moduleFor(name), { id: name })),
  // Google or Facebook sends the shopper back here; Sign Out as a plain form.
  route("/login/callback/:provider", "routes/account/social-callback.tsx", { id: "social_callback" }),
  route("/logout", "routes/account/logout.tsx", { id: "logout" }),
  // Every other Cultured article (microbiome-101 and probiotics-101 have their own names above).
  route("/cultured/:slug", "routes/content/article.tsx", { id: "article" }),
  // The footer's newsletter form posted before JavaScript loads (the JSON API stays JSON-only).
  route("/newsletter", "routes/content/newsletter.tsx", { id: "newsletter" }),
  // An empty page of the same build: the baseline for the JavaScript-size benchmark.
  route("/__baseline", "routes/system/baseline.tsx", { id: "baseline" }),
  // Throws while rendering when test hooks are on: proves the failure page.
  route("/__boom", "routes/system/boom.tsx", { id: "boom" }),
  // The email outbox, for development (a 404 in production).
  route("/dev/mailbox", "routes/dev/dev-mailbox.tsx", { id: "dev_mailbox" }),
  route("/dev/mailbox/:id", "routes/dev/dev-mailbox-email.tsx", { id: "dev_mailbox_email" }),
  route("*", "routes/system/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
