import { useMemo } from "react";
import { useLocation } from "react-router";
import type { Cart, CartCatalog, CartProductRule } from "../../../domain/cart";
import type { PromoCoupon } from "../../../domain/coupons";
import type { PageCatalog, ProductOffer } from "../../../domain/offers";
import { useFlags, usePricingFlags } from "../../lib/use-flags";
import { renewalTerms, type DisclosedCoupon, type RenewalTerm } from "../../../domain/renewal-terms";
import { usePromoCoupon } from "../promo/use-promo-coupon";
import { quoteCartLines, type CartQuote } from "./cart-quote";
import { useStoredCart } from "./stored-cart";
import { upsellOffers } from "./upsell";
import type { ProductPhotoMap } from "../product/product-photos";

/** What the cart loader gives the cart page and the cart drawer. */
export interface CartCatalogData {
  catalog: PageCatalog;
  cartRules: [string, CartProductRule][];
  country: string;
  /** The cart the server read from the cart cookie (the /cart page), so it renders before JavaScript. */
  serverCart?: Cart;
  /** data-display-international-currency: the totals name the shopper's country instead of a ShippingNote. */
  internationalCurrency?: boolean;
  /** Checkout offers wallet buttons (PAYMENT_PROVIDER=stripe, ADR 0044). */
  expressPay?: boolean;
  /** Each product's first photo, for the lines' pictures (ADR 0069). */
  photos?: ProductPhotoMap;
}

export interface CartView {
  rules: CartCatalog;
  /** Null until the browser has read the stored cart. */
  cart: Cart | null;
  priced: CartQuote | null;
  promo: PromoCoupon | null;
  /** What each subscription line renews as (the cart says it undated: see RenewalSentence). */
  renewals: RenewalTerm[];
  upsell: ProductOffer[];
  country: string;
  catalog: PageCatalog;
  internationalCurrency: boolean;
  /** data-ape-cart, where checkout has wallet buttons: the cart points to them (ADR 0062). */
  expressLink: boolean;
}

/** The cart shows renewal terms without a date, so any fixed instant serves (the same on the server and in the browser). */
const UNDATED = new Date(0);

/** The stored cart priced for the shopper with quoteCart (auto coupon and stored promo code), plus its upsell list. */
export function useCartView(data: CartCatalogData): CartView {
  const { catalog, cartRules, country } = data;
  const rules = useMemo<CartCatalog>(() => new Map(cartRules), [cartRules]);
  const cart = useStoredCart(rules, data.serverCart);
  const promo = usePromoCoupon();
  const { pathname } = useLocation();
  // The server's own pricing flags, never the visitor's cookie (ADR 0062, 0080).
  const pricing = usePricingFlags();
  const flags = useFlags();
  const priced = useMemo(
    () => cart && quoteCartLines({ cart, products: catalog.products, plans: catalog.plans, autoCoupons: catalog.autoCoupons, promo, country, shippingMethod: null, pricing }),
    [cart, catalog, promo, country, pricing],
  );
  const renewals = useMemo(
    () => (priced?.quote ? renewalTerms({ quote: priced.quote, plans: catalog.plans, coupons: promo ? [promo as DisclosedCoupon] : [], now: UNDATED }) : []),
    [priced, catalog, promo],
  );
  const upsell = useMemo(() => (cart ? upsellOffers({ pathname, country, cart, rules, catalog }) : []), [pathname, country, cart, rules, catalog]);
  const expressLink = Boolean(data.expressPay) && flags["data-ape-cart"];
  return { rules, cart, priced, promo, renewals, upsell, country, catalog, internationalCurrency: data.internationalCurrency ?? false, expressLink };
}
