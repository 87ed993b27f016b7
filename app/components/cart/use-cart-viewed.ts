import { useEffect, useRef, useState } from "react";
import { track } from "../../lib/analytics";
import { CART_EVENTS, cartProperties } from "../checkout/analytics";
import { ensureCartId } from "./cart-store";
import type { CartView } from "./cart-view";

/**
 * "Cart Viewed", once per showing, as soon as the stored cart has been read and priced. Not during hydration: /cart
 * then shows the cart of the cookie the server read, and the browser's stored cart (the one the shopper has) is read
 * in the render after it.
 */
export function useCartViewed(view: CartView, active: boolean, location: "page" | "drawer"): void {
  const sent = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const quote = view.priced?.quote ?? null;
  const ready = hydrated && view.cart !== null;
  useEffect(() => {
    if (!active) {
      sent.current = false;
      return;
    }
    if (!ready || sent.current) return;
    sent.current = true;
    track(CART_EVENTS.cartViewed, { ...cartProperties(ensureCartId(), quote), location });
  }, [active, ready, quote, location]);
}
