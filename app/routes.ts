import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { isProductPage } from "../domain/product-pages";
import { GUEST_PATHS } from "../domain/guest-links";
import { PORTAL_PATHS } from "../domain/portal-routes";
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
  refer: "routes/account/refer.tsx",
  microbiome_101: "routes/content/article.tsx",
  probiotics_101: "routes/content/article.tsx",
  subscriptions: "routes/account/subscriptions.tsx",
  order_history: "routes/account/orders.tsx",
  orders: "routes/account/orders.tsx",
  order: "routes/account/orders.tsx",
  subscription_link: "routes/subscriptions/subscription-link.tsx",
  quiz: "routes/content/quiz.tsx",
  reviews: "routes/shop/reviews.tsx",
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
  // The newsletter emails' links: double opt-in confirmation and one-click unsubscribe (also List-Unsubscribe-Post).
  route("/newsletter/confirm", "routes/content/newsletter-confirm.tsx", { id: "newsletter_confirm" }),
  route("/newsletter/unsubscribe", "routes/content/newsletter-unsubscribe.tsx", { id: "newsletter_unsubscribe" }),
  // The subscription portal's own pages (issue 13).
  route(PORTAL_PATHS.subscription_change, "routes/account/subscription-change.tsx", { id: "subscription_change" }),
  route(PORTAL_PATHS.subscription_cancel, "routes/account/subscription-cancel.tsx", { id: "subscription_cancel" }),
  route(PORTAL_PATHS.subscription_canceled, "routes/account/subscription-canceled.tsx", { id: "subscription_canceled" }),
  route(PORTAL_PATHS.confirm_charge, "routes/account/confirm-charge.tsx", { id: "confirm_charge" }),
  route(PORTAL_PATHS.cancel_subscription, "routes/account/cancel-by-email.tsx", { id: "cancel_subscription" }),
  route(PORTAL_PATHS.cancel_subscription_link, "routes/account/cancel-link.tsx", { id: "cancel_subscription_link" }),
  route(PORTAL_PATHS.invoice, "routes/account/invoice.tsx", { id: "invoice" }),
  // The confirmation email's signed order link for a guest: the order, its invoice and PDF (ADR 0063).
  route(GUEST_PATHS.order, "routes/orders/guest-order.tsx", { id: "guest_order" }),
  route(GUEST_PATHS.invoice, "routes/orders/guest-invoice.tsx", { id: "guest_invoice" }),
  route(GUEST_PATHS.invoicePdf, "routes/orders/guest-invoice-pdf.tsx", { id: "guest_invoice_pdf" }),
  // A review request's signed link (ADR 0068): write one review of one product of one order.
  route("/review/:token", "routes/shop/review-write.tsx", { id: "review_write" }),
  // A friend's referral link (ADR 0036): remembers the code for checkout and states the first-order offer.
  route("/r/:code", "routes/referrals/landing.tsx", { id: "referral_landing" }),
  // An empty page of the same build: the baseline for the JavaScript-size benchmark.
  route("/__baseline", "routes/system/baseline.tsx", { id: "baseline" }),
  // Throws while rendering when test hooks are on: proves the failure page.
  route("/__boom", "routes/system/boom.tsx", { id: "boom" }),
  // The email outbox, for development (a 404 in production).
  route("/dev/mailbox", "routes/dev/dev-mailbox.tsx", { id: "dev_mailbox" }),
  route("/dev/mailbox/:id", "routes/dev/dev-mailbox-email.tsx", { id: "dev_mailbox_email" }),
  // The operator console (docs/decisions/0023-staff-access.md): its own frame, styles and code, loaded only here.
  // Each page's permission is in CONSOLE_PAGES (domain/console-access.ts); the server's page gate refuses any other path.
  route("/console/sign-in", "routes/console/sign-in.tsx", { id: "console_sign_in" }),
  route("/console/setup", "routes/console/setup.tsx", { id: "console_setup" }),
  route("/console", "routes/console/layout.tsx", { id: "console" }, [
    index("routes/console/home.tsx", { id: "console_home" }),
    route("orders", "routes/console/orders.tsx", { id: "console_orders" }),
    route("orders/:number", "routes/console/order.tsx", { id: "console_order" }),
    // The refund's second look without scripts (issue 36): the order page's refund form asks this page first.
    route("orders/:number/refund", "routes/console/order-refund.tsx", { id: "console_order_refund" }),
    route("dashboard", "routes/console/dashboard.tsx", { id: "console_dashboard" }),
    route("subscriptions", "routes/console/subscriptions.tsx", { id: "console_subscriptions" }),
    route("subscriptions/:id", "routes/console/subscription.tsx", { id: "console_subscription" }),
    route("customers", "routes/console/customers.tsx", { id: "console_customers" }),
    route("customers/:id", "routes/console/customer.tsx", { id: "console_customer" }),
    route("coupons", "routes/console/coupons.tsx", { id: "console_coupons" }),
    route("coupons/:code", "routes/console/coupon.tsx", { id: "console_coupon" }),
    route("emails", "routes/console/emails.tsx", { id: "console_emails" }),
    route("emails/:id", "routes/console/email.tsx", { id: "console_email" }),
    route("flags", "routes/console/flags.tsx", { id: "console_flags" }),
    route("audit", "routes/console/audit.tsx", { id: "console_audit" }),
    route("referrals", "routes/console/referrals.tsx", { id: "console_referrals" }),
    route("content", "routes/console/content.tsx", { id: "console_content" }),
    route("content/:page", "routes/console/content-page.tsx", { id: "console_content_page" }),
    route("experiments", "routes/console/experiments.tsx", { id: "console_experiments" }),
    route("media", "routes/console/media.tsx", { id: "console_media" }),
    route("products", "routes/console/products.tsx", { id: "console_products" }),
    route("products/:code", "routes/console/product.tsx", { id: "console_product" }),
    route("reviews", "routes/console/reviews.tsx", { id: "console_reviews" }),
  ]),
  route("*", "routes/system/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
