import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DRAWER_LINKS,
  FOOTER_SECTIONS,
  HEADER_MENUS,
  LEGAL_LINKS,
  MOBILE_ACCOUNT_LINKS,
  REFER_LABEL,
  REGULATORY_DISCLAIMER,
  SOCIAL_LINKS,
  type NavLink,
} from "./navigation";
import { PORTAL_PATHS } from "./portal-routes";
import { ROUTES, routeNameForPath } from "./routes";

const ALL_LINKS: [string, NavLink][] = [
  ...HEADER_MENUS.flatMap((m) => m.groups.flatMap((g) => g.links.map((l) => [`header ${m.label} / ${g.title}`, l] as [string, NavLink]))),
  ...FOOTER_SECTIONS.flatMap((s) => s.links.map((l) => [`footer ${s.title}`, l] as [string, NavLink])),
  ...LEGAL_LINKS.map((l) => ["legal row", l] as [string, NavLink]),
  ...SOCIAL_LINKS.map((l) => ["social", l] as [string, NavLink]),
  ...ACCOUNT_DRAWER_LINKS.map((l) => ["account drawer", l] as [string, NavLink]),
  ...MOBILE_ACCOUNT_LINKS.map((l) => ["mobile account", l] as [string, NavLink]),
];

const labels = (links: NavLink[]) => links.map((l) => l.label);

describe("navigation links", () => {
  it.each(ALL_LINKS.map(([where, link]) => [where, link.label, link] as const))("%s: %s resolves to a known route or is external", (_where, _label, link) => {
    if (link.external) {
      expect(link.href).toMatch(/^https:\/\/[^/\s]+/);
      return;
    }
    const [path] = link.href.split("#");
    const [pathname] = (path ?? "").split("?");
    const portalPage = (Object.values(PORTAL_PATHS) as string[]).includes(pathname ?? "");
    expect(portalPage || routeNameForPath(pathname ?? "") !== null, link.href).toBe(true);
  });

  it("every link has a label", () => {
    for (const [, link] of ALL_LINKS) expect(link.label.trim()).not.toBe("");
  });

  it("internal links are never marked external and external ones leave the site", () => {
    for (const [, link] of ALL_LINKS) {
      if (link.href.startsWith("/")) expect(link.external ?? false, link.href).toBe(false);
      else expect(link.external, link.href).toBe(true);
    }
  });
});

describe("header menus", () => {
  it("are Shop, Science and Cultured, in that order", () => {
    expect(HEADER_MENUS.map((m) => m.id)).toEqual(["shop", "science", "cultured"]);
  });

  it("Shop has a gut health group (daily, refill, pediatric, gut reset) and a vaginal health group: every product", () => {
    const shop = HEADER_MENUS.find((m) => m.id === "shop")!;
    const hrefs = shop.groups.map((g) => g.links.map((l) => l.href));
    expect(hrefs).toEqual([[ROUTES.daily_synbiotic, ROUTES.daily_synbiotic_refill, ROUTES.pediatric_daily, ROUTES.gut_reset], [ROUTES.vaginal_synbiotic]]);
  });

  it("Science has approach, scientists anchor on approach, the three references, sustainability, seedlabs", () => {
    const hrefs = HEADER_MENUS.find((m) => m.id === "science")!.groups.flatMap((g) => g.links.map((l) => l.href));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ROUTES.approach,
        `${ROUTES.approach}#scientists`,
        ROUTES.reference_syn_wk,
        ROUTES.reference_pds_wk,
        ROUTES.reference_vs_wk,
        ROUTES.sustainability,
        ROUTES.seedlabs,
      ]),
    );
  });

  it("Cultured has microbiome 101, probiotics 101 and all articles", () => {
    const hrefs = HEADER_MENUS.find((m) => m.id === "cultured")!.groups.flatMap((g) => g.links.map((l) => l.href));
    expect(hrefs).toEqual([ROUTES.microbiome_101, ROUTES.probiotics_101, ROUTES.cultured]);
  });
});

describe("footer", () => {
  it("has a Refer a Friend entry to the refer page (so it can be hidden)", () => {
    const refer = FOOTER_SECTIONS.flatMap((s) => s.links).filter((l) => l.label === REFER_LABEL);
    expect(refer).toHaveLength(1);
    expect(refer[0]!.href).toBe(ROUTES.refer);
  });

  it("links FAQ, shipping, reviews, contact, partners, practitioners, press, join, international", () => {
    const hrefs = FOOTER_SECTIONS.flatMap((s) => s.links.map((l) => l.href));
    for (const name of ["faq", "shipping", "reviews", "contact", "partners", "practitioners", "press", "careers", "international", "member_homepage", "signup", "settings"] as const) {
      expect(hrefs, name).toContain(ROUTES[name]);
    }
  });

  it("the legal row has privacy, terms, shipping + billing, do-not-sell, consumer health data, accessibility and the permanent cancel link", () => {
    expect(labels(LEGAL_LINKS)).toEqual([
      "Privacy",
      "Terms",
      "Shipping + Billing",
      "Do Not Sell or Share My Personal Information",
      "Consumer Health Data",
      "Accessibility",
      "Cancel a subscription",
    ]);
  });

  it("carries the regulatory disclaimer", () => {
    expect(REGULATORY_DISCLAIMER).toMatch(/not been evaluated/);
  });
});

describe("account entries", () => {
  it("the account drawer lists Account, Home, Refer, Subscriptions, Order History, Billing", () => {
    expect(labels(ACCOUNT_DRAWER_LINKS)).toEqual(["Account", "Home", "Refer", "Subscriptions", "Order History", "Billing"]);
  });

  it("the mobile drawer's Account section lists Home, Refer, Subscriptions, Order History, Settings", () => {
    expect(labels(MOBILE_ACCOUNT_LINKS)).toEqual(["Home", "Refer", "Subscriptions", "Order History", "Settings"]);
  });
});
