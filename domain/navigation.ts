import { PORTAL_PATHS } from "./portal-routes";
import { pathOf, ROUTES, type RouteName } from "./routes";

/** The site's navigation of SPEC.md section 2 as data: the header menus, the footer sections and the legal row. */

export interface NavLink {
  label: string;
  href: string;
  /** A short line under the label in menus. */
  note?: string;
  external?: boolean;
}

export interface NavGroup {
  title: string;
  links: NavLink[];
}

export interface NavMenu {
  id: "shop" | "science" | "cultured";
  label: string;
  groups: NavGroup[];
}

const link = (label: string, name: RouteName, note?: string, hash?: string): NavLink => ({
  label,
  href: pathOf(name, hash),
  ...(note ? { note } : {}),
});

export const HELP_CENTRE_URL = "https://help.seed.com";
export const PRACTITIONER_DISPENSARY_URL = "https://seed.com/practitioners/dispensary";

export const HEADER_MENUS: NavMenu[] = [
  {
    id: "shop",
    label: "Shop",
    groups: [
      {
        title: "Gut Health",
        links: [
          link("DS-01® Daily Synbiotic", "daily_synbiotic", "For adults 18+"),
          link("DS-01® Refill", "daily_synbiotic_refill", "A month of capsules for your jar"),
          link("PDS-08® Pediatric Daily Synbiotic", "pediatric_daily", "For kids and teens 3–17, in powder sachets"),
          link("Gut Reset", "gut_reset", "A 14-day kit, one-time purchase"),
        ],
      },
      {
        title: "Vaginal Health",
        links: [link("VS-01™ Vaginal Synbiotic", "vaginal_synbiotic", "Starter kit and refills, monthly or every 3 months")],
      },
    ],
  },
  {
    id: "science",
    label: "Science",
    groups: [
      {
        title: "Our Science",
        links: [
          link("Our Approach", "approach"),
          link("Our Scientists", "approach", undefined, "scientists"),
          link("Sustainability", "sustainability"),
          link("SeedLabs", "seedlabs"),
        ],
      },
      {
        title: "Reference",
        links: [
          link("DS-01® Reference", "reference_syn_wk"),
          link("PDS-08® Reference", "reference_pds_wk"),
          link("VS-01™ Reference", "reference_vs_wk"),
        ],
      },
    ],
  },
  {
    id: "cultured",
    label: "Cultured",
    groups: [
      {
        title: "Cultured",
        links: [
          link("Microbiome 101", "microbiome_101"),
          link("Probiotics 101", "probiotics_101"),
          link("All Articles", "cultured"),
        ],
      },
    ],
  },
];

export const SOCIAL_LINKS: NavLink[] = [
  { label: "Instagram", href: "https://www.instagram.com/seed", external: true },
  { label: "TikTok", href: "https://www.tiktok.com/@seed", external: true },
  { label: "YouTube", href: "https://www.youtube.com/@seed", external: true },
  { label: "LinkedIn", href: "https://www.linkedin.com/company/seed-health", external: true },
];

/** Footer link sections. The Refer entry is marked so the footer can hide it (SPEC.md: hidden on /checkout and for loyalty_new_user exclude). */
export const REFER_LABEL = "Refer a Friend";

export const FOOTER_SECTIONS: NavGroup[] = [
  {
    title: "Shop",
    links: [
      link("DS-01® Daily Synbiotic", "daily_synbiotic"),
      link("DS-01® Refill", "daily_synbiotic_refill"),
      link("PDS-08® Pediatric", "pediatric_daily"),
      link("VS-01™ Vaginal Synbiotic", "vaginal_synbiotic"),
      link("Gut Reset", "gut_reset"),
      link("International", "international"),
    ],
  },
  {
    title: "Help",
    links: [
      link("FAQ", "faq"),
      link("Member Home", "member_homepage"),
      link("Shipping", "shipping"),
      link("International Shipping", "international"),
      { label: "Help Centre", href: HELP_CENTRE_URL, external: true },
    ],
  },
  {
    title: "Support",
    links: [
      link(REFER_LABEL, "refer"),
      link("My Account", "settings"),
      link("Sign Up", "signup"),
      link("Contact", "contact"),
      link("Reviews", "reviews"),
    ],
  },
  {
    title: "Science",
    links: [
      link("Our Approach", "approach"),
      link("Science", "science"),
      link("Sustainability", "sustainability"),
      link("SeedLabs", "seedlabs"),
    ],
  },
  {
    title: "Company",
    links: [
      link("Practitioners", "practitioners"),
      link("Partner", "partners"),
      link("Press", "press"),
      link("Join Us", "careers"),
    ],
  },
];

export const LEGAL_LINKS: NavLink[] = [
  link("Privacy", "privacy"),
  link("Terms", "terms"),
  link("Shipping + Billing", "shipping"),
  { label: "Do Not Sell or Share My Personal Information", href: `${ROUTES.privacy}#do-not-sell` },
  link("Consumer Health Data", "consumer_health_data"),
  link("Accessibility", "accessibility"),
  // California ARL and § 312k BGB: leaving is as easy as joining, from every page, without signing in.
  { label: "Cancel a subscription", href: PORTAL_PATHS.cancel_subscription },
];

export const REGULATORY_DISCLAIMER =
  "*These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** Entries of the account drawer and the mobile drawer's Account section. */
export const ACCOUNT_DRAWER_LINKS: NavLink[] = [
  link("Account", "settings"),
  link("Home", "member_homepage"),
  link("Refer", "refer"),
  link("Subscriptions", "subscriptions"),
  link("Order History", "order_history"),
  { label: "Billing", href: `${ROUTES.settings}#billing` },
];

export const MOBILE_ACCOUNT_LINKS: NavLink[] = [
  link("Home", "member_homepage"),
  link("Refer", "refer"),
  link("Subscriptions", "subscriptions"),
  link("Order History", "order_history"),
  link("Settings", "settings"),
];
