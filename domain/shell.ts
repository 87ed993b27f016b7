import { isLoyaltyExcluded, referralBadge, type Experiments } from "./experiments";
import type { Flags } from "./flags";
import { GUEST_PATHS } from "./guest-links";
import { REFERRAL_LINK_PREFIX } from "./referrals";
import { ROUTES, withoutTrailingSlashes } from "./routes";

/** Shell rules of SPEC.md section 2 (Layout shell, Header, Quiz banner, Footer). Pure: the header, tests and server share them. */

/** "/cart" matches /cart, /cart/ and /cart/anything, never /cartography. "/" matches every path. */
export function isUnder(pathname: string, base: string): boolean {
  const path = withoutTrailingSlashes(pathname) || "/";
  const root = withoutTrailingSlashes(base) || "/";
  return root === "/" || path === root || path.startsWith(`${root}/`);
}

const underAny = (pathname: string, bases: readonly string[]) => bases.some((b) => isUnder(pathname, b));

export interface ChromeVisibility {
  footer: boolean;
  hamburger: boolean;
  navLeft: boolean;
}

export function chromeFor(pathname: string): ChromeVisibility {
  return {
    footer: !underAny(pathname, ["/cart", "/checkout", "/get-started", "/continue"]),
    hamburger: !underAny(pathname, ["/checkout"]),
    navLeft: !underAny(pathname, ["/checkout", "/target", "/continue"]),
  };
}

export type ShellLayout = "default" | "redesign" | "blank";

/** A page whose layout value is blank renders bare; otherwise the redesign flag picks the alternative layout. */
export function layoutFor(pageLayout: string | null | undefined, flags: Pick<Flags, "data-redesign">): ShellLayout {
  if (pageLayout === "blank") return "blank";
  return flags["data-redesign"] ? "redesign" : "default";
}

export interface BannerInput {
  pathname: string;
  quizAudience: boolean;
  signedIn: boolean;
  promoCode: string | null | undefined;
}

const PAGES_WITHOUT_QUIZ_BANNER = [
  ROUTES.vaginal_synbiotic,
  ROUTES.pediatric_daily,
  ROUTES.reference_pds_wk,
  ROUTES.reference_vs_wk,
  ROUTES.cart,
  ROUTES.checkout,
  // Someone who has just bought, and a friend who came through a referral link with its offer, are not the quiz's
  // audience (issue 34): the receipt and the friend's landing page keep their own call to action.
  ROUTES.thank_you,
  REFERRAL_LINK_PREFIX,
  // A guest's order page from the confirmation email (ADR 0063): a buyer too.
  GUEST_PATHS.order,
  // The banner's own target: a link to the page the shopper is already on only takes room.
  ROUTES.quiz,
];

export function showQuizBanner({ pathname, quizAudience, signedIn, promoCode }: BannerInput): boolean {
  return quizAudience && !signedIn && !promoCode && !underAny(pathname, PAGES_WITHOUT_QUIZ_BANNER);
}

export interface HeaderInput {
  pathname: string;
  signedIn: boolean;
  cartCount: number;
  experiments: Experiments;
}

export interface HeaderEntries {
  account: "login" | "account";
  /** The Earn/Refer entry, or null where it is hidden. */
  refer: { badge: "$25" | "New" } | null;
  /** The call to action on wide screens. */
  cta: "buy" | "cart";
  /** The call to action below the mobile cutoff (768px): signed-in members with an empty cart see Earn. */
  mobileCta: "buy" | "cart" | "earn";
}

export function referVisible(pathname: string, experiments: Experiments): boolean {
  return !isUnder(pathname, ROUTES.checkout) && !isLoyaltyExcluded(experiments);
}

export function headerEntries({ pathname, signedIn, cartCount, experiments }: HeaderInput): HeaderEntries {
  const cta = cartCount > 0 ? "cart" : "buy";
  // Like the Refer entry, Earn is hidden on /checkout and for the loyalty_new_user exclude variant (SPEC.md sections 2, 6).
  const earn = signedIn && cartCount === 0 && referVisible(pathname, experiments);
  return {
    account: signedIn ? "account" : "login",
    refer: referVisible(pathname, experiments) ? { badge: referralBadge(experiments) } : null,
    cta,
    mobileCta: earn ? "earn" : cta,
  };
}

/** Where the mobile Earn link goes (SPEC.md section 2). */
export const EARN_HREF = `${ROUTES.refer}?traffic_source=nav_earn`;

export const MOBILE_CUTOFF_PX = 768;
