import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { track } from "../../lib/analytics";
import { CART_EVENTS, cartProperties } from "../checkout/analytics";
import { ensureCartId } from "./cart-store";
import type { CartView } from "./cart-view";

/** Checkout ("Checkout Button Clicked"), or a plain explanation while a line cannot be bought. */
export function CheckoutButton({ view, blocked, onNavigate }: { view: CartView; blocked: boolean; onNavigate?(): void }) {
  if (blocked) {
    return (
      <div className="cart-checkout">
        <button type="button" className="button cart-checkout__button" disabled>
          Checkout
        </button>
        <p className="cart-checkout__note">Remove the items we cannot send you to check out.</p>
      </div>
    );
  }
  return (
    <div className="cart-checkout">
      <Link
        to={ROUTES.checkout}
        className="button cart-checkout__button"
        onClick={() => {
          track(CART_EVENTS.checkoutButtonClicked, cartProperties(ensureCartId(), view.priced?.quote ?? null));
          onNavigate?.();
        }}
      >
        Checkout
      </Link>
      <p className="cart-checkout__note cart-checkout__note--reassure">Secure checkout. Skip, pause or cancel subscriptions any time.</p>
    </div>
  );
}
