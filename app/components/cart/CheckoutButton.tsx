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
      {/* data-ape-cart: the wallets (Apple Pay, Google Pay, Link) pay at checkout, for the contact and address typed
          there (ADR 0044), so the cart leads to them rather than copying them; only where checkout has them. */}
      {view.expressLink && (
        <Link
          to={`${ROUTES.checkout}#express-pay-title`}
          className="cart-checkout__express"
          data-testid="cart-express"
          onClick={() => {
            track(CART_EVENTS.checkoutButtonClicked, cartProperties(ensureCartId(), view.priced?.quote ?? null));
            onNavigate?.();
          }}
        >
          Express checkout with your wallet
        </Link>
      )}
      <p className="cart-checkout__note cart-checkout__note--reassure">Secure checkout. Skip, pause or cancel subscriptions any time.</p>
    </div>
  );
}
