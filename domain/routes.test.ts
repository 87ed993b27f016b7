import { describe, expect, it } from "vitest";
import { ACCOUNT_ROUTES, CART_VARIANTS, pathOf, PEDIATRIC_SLUG, ROUTE_ALIASES, ROUTES, routeNameForPath, type RouteName } from "./routes";

/** SPEC.md section 2's route table (name: path). pediatric_daily lives at /{hash}. */
const SPEC_ROUTES: Record<string, string> = {
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
};

describe("ROUTES", () => {
  it.each(Object.entries(SPEC_ROUTES))("%s is at %s", (name, path) => {
    expect(ROUTES[name as RouteName]).toBe(path);
  });

  it("the pediatric page lives at an opaque slug, /{hash}", () => {
    expect(ROUTES.pediatric_daily).toBe(`/${PEDIATRIC_SLUG}`);
    expect(PEDIATRIC_SLUG).toMatch(/^[a-z0-9-]+$/);
    expect(Object.values(SPEC_ROUTES)).not.toContain(ROUTES.pediatric_daily);
  });

  it("no two route names share a path (ignoring a trailing slash)", () => {
    const paths = Object.values(ROUTES).map((p) => p.replace(/\/+$/, "") || "/");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("every path starts with a slash and has no query or hash", () => {
    for (const path of Object.values(ROUTES)) expect(path).toMatch(/^\/[^?#\s]*$/);
  });

  it("the spec's aliases point at the right names", () => {
    expect(ROUTES[ROUTE_ALIASES.register]).toBe("/signup");
    expect(ROUTES[ROUTE_ALIASES.loyalty]).toBe("/account/home");
    expect(ROUTES[ROUTE_ALIASES.account]).toBe("/account/subscriptions/");
    expect(ROUTES[ROUTE_ALIASES.join]).toBe("/join-us/");
  });

  it("lists the cart variants of the route table", () => {
    expect([...CART_VARIANTS]).toEqual(["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "pds-wk", "vs-wk", "syn-rf", "syn-wk-gift-2020", "syn-gr"]);
  });

  it("account routes are the personal pages under sign-in", () => {
    for (const name of ACCOUNT_ROUTES) expect(Object.hasOwn(ROUTES, name)).toBe(true);
    expect(ACCOUNT_ROUTES).toEqual(expect.arrayContaining(["member_homepage", "refer", "settings", "order_history", "subscriptions"]));
    expect(ACCOUNT_ROUTES).not.toContain("home");
  });
});

describe("pathOf", () => {
  it("gives the path, with a hash when asked", () => {
    expect(pathOf("science")).toBe("/science");
    expect(pathOf("science", "pipeline")).toBe("/science#pipeline");
    expect(pathOf("member_homepage", "refer")).toBe("/account/home#refer");
  });
});

describe("routeNameForPath", () => {
  it.each(Object.keys(ROUTES) as RouteName[])("finds %s by its own path", (name) => {
    expect(routeNameForPath(ROUTES[name])).toBe(name);
  });

  it("a trailing slash does not matter, either way", () => {
    expect(routeNameForPath("/cart/")).toBe("cart");
    expect(routeNameForPath("/account/subscriptions")).toBe("subscriptions");
    expect(routeNameForPath("/account/subscriptions/")).toBe("subscriptions");
    expect(routeNameForPath("/join-us")).toBe("careers");
    expect(routeNameForPath("/cultured")).toBe("cultured");
    expect(routeNameForPath("/")).toBe("home");
    expect(routeNameForPath("//")).toBe("home");
  });

  it("unknown paths and prefixes of known ones give null", () => {
    expect(routeNameForPath("/cartography")).toBeNull();
    expect(routeNameForPath("/cart/extra")).toBeNull();
    expect(routeNameForPath("/nope")).toBeNull();
    expect(routeNameForPath("")).toBe("home");
    expect(routeNameForPath("/CART")).toBeNull();
  });
});
