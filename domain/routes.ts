/**
 * Every route of SPEC.md section 2 under its spec name. Code links through these names,
 * never through hard-coded paths.
 */

/** The pediatric page lives at an opaque slug (SPEC.md: /{hash}); see docs/decisions/0002-route-paths.md. */
export const PEDIATRIC_SLUG = "pds-3f9a7c";

export const ROUTES = {
  home: "/",
  cart: "/cart",
  checkout: "/checkout",
  thank_you: "/thank-you",
  login: "/login",
  signup: "/signup",
  recover: "/recover",
  member_homepage: "/account/home",
  refer: "/account/refer",
  settings: "/account",
  order_history: "/account/orders",
  orders: "/orders",
  order: "/order",
  subscriptions: "/account/subscriptions/",
  subscription_terms: "/subscription-terms",
  daily_synbiotic: "/daily-synbiotic",
  daily_synbiotic_refill: "/daily-synbiotic-refill",
  vaginal_synbiotic: "/vaginal-synbiotic",
  pediatric_daily: `/${PEDIATRIC_SLUG}`,
  gut_reset: "/gut-reset",
  international: "/entire-world",
  approach: "/approach",
  science: "/science",
  cultured: "/cultured/",
  microbiome_101: "/cultured/microbiome-101",
  probiotics_101: "/cultured/probiotics-101",
  reference: "/reference",
  reference_syn_wk: "/reference/syn-wk",
  reference_pds_wk: "/reference/pds-wk",
  reference_vs_wk: "/reference/vs-wk",
  sustainability: "/sustainability",
  seedlabs: "/seedlabs",
  reviews: "/reviews",
  practitioners: "/practitioners",
  partners: "/seeduniversity",
  careers: "/join-us/",
  contact: "/contact",
  press: "/press",
  privacy: "/privacy-policy",
  terms: "/terms-conditions",
  accessibility: "/accessibility",
  consumer_health_data: "/consumer-health-data",
  quiz: "/is-ds01-right-for-you",
  // Linked from navigation and footer; SPEC.md does not give their paths.
  faq: "/faq",
  shipping: "/shipping",
  // The buy page, target of the daily synbiotic page's Start now button (SPEC.md does not give its path).
  buy: "/get-started",
  // The landing page of the one-click links in renewal emails (skip, manage, cancel, update card, confirm payment).
  subscription_link: "/subscription-link",
} as const;

export type RouteName = keyof typeof ROUTES;

/** The spec's aliases: several names for one path. */
export const ROUTE_ALIASES = {
  register: "signup",
  loyalty: "member_homepage",
  account: "subscriptions",
  join: "careers",
} as const satisfies Record<string, RouteName>;

export function pathOf(name: RouteName, hash?: string): string {
  return hash ? `${ROUTES[name]}#${hash}` : ROUTES[name];
}

/** The cart variants that /cart?cart=<variant> accepts (SPEC.md route table). */
export const CART_VARIANTS = [
  "syn-wk",
  "syn-wk-3mo",
  "syn-wk-6mo",
  "pds-wk",
  "vs-wk",
  "syn-rf",
  "syn-wk-gift-2020",
  "syn-gr",
] as const;

/** Route names whose pages sit behind sign-in (content there is personal: never cached). */
export const ACCOUNT_ROUTES: readonly RouteName[] = [
  "member_homepage",
  "refer",
  "settings",
  "order_history",
  "orders",
  "order",
  "subscriptions",
];

/**
 * The text without its trailing slashes. A loop, not `replace(/\/+$/, "")`: that pattern is tried again from every
 * slash of a run that does not end the text, so a path of 16,000 slashes cost 200 ms (issue 33).
 */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}

const trimSlash = (path: string) => withoutTrailingSlashes(path) || "/";
const NAME_BY_PATH = new Map<string, RouteName>(
  (Object.keys(ROUTES) as RouteName[]).map((name) => [trimSlash(ROUTES[name]), name]),
);

/** The route name registered for a path (a trailing slash does not matter), or null. */
export function routeNameForPath(pathname: string): RouteName | null {
  return NAME_BY_PATH.get(trimSlash(pathname)) ?? null;
}
