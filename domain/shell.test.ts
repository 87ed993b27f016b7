import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS } from "./flags";
import { ROUTES } from "./routes";
import {
  chromeFor,
  EARN_HREF,
  headerEntries,
  isUnder,
  layoutFor,
  MOBILE_CUTOFF_PX,
  referVisible,
  showQuizBanner,
  type HeaderInput,
} from "./shell";
import { GUEST_PATHS } from "./guest-links";
import { REFERRAL_LINK_PREFIX } from "./referrals";

describe("isUnder", () => {
  it.each([
    ["/cart", "/cart", true],
    ["/cart/", "/cart", true],
    ["/cart//", "/cart", true],
    ["/cart/anything", "/cart", true],
    ["/cart/a/b", "/cart/", true],
    ["/cartography", "/cart", false],
    ["/carts", "/cart", false],
    ["/", "/cart", false],
    ["/shop/cart", "/cart", false],
    ["/", "/", true],
    ["/anything", "/", true],
  ])("%s under %s is %s", (path, base, expected) => {
    expect(isUnder(path, base)).toBe(expected);
  });
});

describe("chromeFor: footer", () => {
  it.each(["/cart", "/checkout", "/get-started", "/continue"])("%s hides the footer, with and without a trailing slash or sub-path", (base) => {
    expect(chromeFor(base).footer).toBe(false);
    expect(chromeFor(`${base}/`).footer).toBe(false);
    expect(chromeFor(`${base}/step-2`).footer).toBe(false);
  });

  it.each(["/", "/cartography", "/checkouts", "/get-started-now", "/continued", "/daily-synbiotic", "/account", "/target"])(
    "%s keeps the footer",
    (path) => {
      expect(chromeFor(path).footer).toBe(true);
    },
  );
});

describe("chromeFor: hamburger", () => {
  it("only /checkout (and below it) hides the hamburger menu", () => {
    expect(chromeFor("/checkout").hamburger).toBe(false);
    expect(chromeFor("/checkout/").hamburger).toBe(false);
    expect(chromeFor("/checkout/payment").hamburger).toBe(false);
  });

  it.each(["/", "/cart", "/get-started", "/continue", "/target", "/checkoutx"])("%s keeps the hamburger menu", (path) => {
    expect(chromeFor(path).hamburger).toBe(true);
  });
});

describe("chromeFor: left side of the navigation bar", () => {
  it.each(["/checkout", "/target", "/continue"])("%s hides the left nav, with and without a trailing slash or sub-path", (base) => {
    expect(chromeFor(base).navLeft).toBe(false);
    expect(chromeFor(`${base}/`).navLeft).toBe(false);
    expect(chromeFor(`${base}/x`).navLeft).toBe(false);
  });

  it.each(["/", "/cart", "/get-started", "/targets", "/continuer", "/account"])("%s keeps the left nav", (path) => {
    expect(chromeFor(path).navLeft).toBe(true);
  });

  it("an ordinary page shows every piece of chrome", () => {
    expect(chromeFor("/daily-synbiotic")).toEqual({ footer: true, hamburger: true, navLeft: true });
  });

  it("/checkout hides footer, hamburger and left nav together", () => {
    expect(chromeFor("/checkout")).toEqual({ footer: false, hamburger: false, navLeft: false });
  });
});

describe("layoutFor", () => {
  it("a page layout of blank renders bare, even with the redesign flag on", () => {
    expect(layoutFor("blank", { "data-redesign": false })).toBe("blank");
    expect(layoutFor("blank", { "data-redesign": true })).toBe("blank");
  });

  it("the redesign flag switches to the alternative layout", () => {
    expect(layoutFor("default", { "data-redesign": true })).toBe("redesign");
    expect(layoutFor(null, { "data-redesign": true })).toBe("redesign");
  });

  it("without the flag the default layout is used, whatever the page layout value", () => {
    expect(layoutFor("default", DEFAULT_FLAGS)).toBe("default");
    expect(layoutFor(undefined, DEFAULT_FLAGS)).toBe("default");
    expect(layoutFor("BLANK", DEFAULT_FLAGS)).toBe("default");
    expect(layoutFor("something-else", DEFAULT_FLAGS)).toBe("default");
  });
});

describe("showQuizBanner", () => {
  const eligible = { pathname: "/", quizAudience: true, signedIn: false, promoCode: null };

  it("shows for a signed-out quiz audience visitor without a promo code on an ordinary page", () => {
    expect(showQuizBanner(eligible)).toBe(true);
    expect(showQuizBanner({ ...eligible, pathname: "/daily-synbiotic" })).toBe(true);
    expect(showQuizBanner({ ...eligible, pathname: ROUTES.reference_syn_wk })).toBe(true);
    expect(showQuizBanner({ ...eligible, promoCode: undefined })).toBe(true);
    expect(showQuizBanner({ ...eligible, promoCode: "" })).toBe(true);
  });

  it("hides outside the quiz audience", () => {
    expect(showQuizBanner({ ...eligible, quizAudience: false })).toBe(false);
  });

  it("hides for signed-in visitors", () => {
    expect(showQuizBanner({ ...eligible, signedIn: true })).toBe(false);
  });

  it("hides when a promo code is present", () => {
    expect(showQuizBanner({ ...eligible, promoCode: "DS-01-25-OFF" })).toBe(false);
  });

  it.each([
    ["vaginal", ROUTES.vaginal_synbiotic],
    ["pediatric", ROUTES.pediatric_daily],
    ["reference pds-wk", ROUTES.reference_pds_wk],
    ["reference vs-wk", ROUTES.reference_vs_wk],
    ["cart", ROUTES.cart],
    ["checkout", ROUTES.checkout],
    ["quiz (the banner's own target)", ROUTES.quiz],
    ["thank-you (a buyer is not the quiz's audience)", ROUTES.thank_you],
    ["referral landing (the friend's offer is on the page)", `${REFERRAL_LINK_PREFIX}ADA-7Q2K`],
    ["guest order page (a buyer, from the confirmation email)", GUEST_PATHS.order],
    ["guest invoice page", GUEST_PATHS.invoice],
  ])("hides on the %s page (and its trailing-slash form)", (_label, path) => {
    expect(showQuizBanner({ ...eligible, pathname: path })).toBe(false);
    expect(showQuizBanner({ ...eligible, pathname: `${path}/` })).toBe(false);
  });

  it("still shows on pages that only share a prefix with a hidden page", () => {
    expect(showQuizBanner({ ...eligible, pathname: "/cartography" })).toBe(true);
    expect(showQuizBanner({ ...eligible, pathname: "/vaginal-synbiotic-faq" })).toBe(true);
  });
});

describe("referVisible", () => {
  it("is visible by default", () => {
    expect(referVisible("/", {})).toBe(true);
    expect(referVisible("/cart", {})).toBe(true);
  });

  it("is hidden on /checkout and below", () => {
    expect(referVisible("/checkout", {})).toBe(false);
    expect(referVisible("/checkout/", {})).toBe(false);
    expect(referVisible("/checkout/pay", {})).toBe(false);
  });

  it("is hidden in the loyalty_new_user exclude variant", () => {
    expect(referVisible("/", { loyalty_new_user: "exclude" })).toBe(false);
  });

  it("other loyalty_new_user variants keep it", () => {
    expect(referVisible("/", { loyalty_new_user: "control" })).toBe(true);
  });
});

describe("headerEntries", () => {
  const base: HeaderInput = { pathname: "/", signedIn: false, cartCount: 0, experiments: {} };

  it("signed out: Login, Buy Now, Refer with the $25 badge", () => {
    expect(headerEntries(base)).toEqual({ account: "login", refer: { badge: "$25" }, cta: "buy", mobileCta: "buy" });
  });

  it("signed in: Account instead of Login", () => {
    expect(headerEntries({ ...base, signedIn: true }).account).toBe("account");
  });

  it("a cart with items shows the Cart button instead of Buy Now, on wide and narrow screens", () => {
    expect(headerEntries({ ...base, cartCount: 2 })).toMatchObject({ cta: "cart", mobileCta: "cart" });
    expect(headerEntries({ ...base, signedIn: true, cartCount: 1 })).toMatchObject({ cta: "cart", mobileCta: "cart" });
  });

  it("a signed-in member with an empty cart sees Earn instead of Buy Now below the mobile cutoff", () => {
    const entries = headerEntries({ ...base, signedIn: true });
    expect(entries.mobileCta).toBe("earn");
    expect(entries.cta).toBe("buy");
  });

  it("signed-out visitors never see Earn", () => {
    expect(headerEntries({ ...base, signedIn: false }).mobileCta).toBe("buy");
  });

  it("the loyalty_new_user exclude variant sees Buy Now, not Earn, and no Refer entry", () => {
    const entries = headerEntries({ ...base, signedIn: true, experiments: { loyalty_new_user: "exclude" } });
    expect(entries.mobileCta).toBe("buy");
    expect(entries.refer).toBeNull();
  });

  it("the badge reads New in the referral_badge_2 new_badge variant, $25 otherwise", () => {
    expect(headerEntries({ ...base, experiments: { referral_badge_2: "new_badge" } }).refer).toEqual({ badge: "New" });
    expect(headerEntries({ ...base, experiments: { referral_badge_2: "control" } }).refer).toEqual({ badge: "$25" });
  });

  it("on /checkout the Refer entry is hidden", () => {
    expect(headerEntries({ ...base, pathname: "/checkout" }).refer).toBeNull();
    expect(headerEntries({ ...base, pathname: "/checkout/" }).refer).toBeNull();
  });

  it("on /checkout a signed-in member with an empty cart sees Buy Now, not Earn", () => {
    expect(headerEntries({ ...base, signedIn: true, pathname: "/checkout" }).mobileCta).toBe("buy");
  });

  it("Earn goes to the refer page with traffic_source=nav_earn", () => {
    expect(EARN_HREF).toBe("/account/refer?traffic_source=nav_earn");
    expect(MOBILE_CUTOFF_PX).toBe(768);
  });
});
