import { useMemo } from "react";
import { Link } from "react-router";
import type { CartCatalog } from "../../../domain/cart";
import { ROUTES } from "../../../domain/routes";
import { useStoredCart } from "../cart/stored-cart";
import { CheckoutForm, type CheckoutData } from "./CheckoutForm";
import { CheckoutShell } from "./CheckoutShell";
import { usePlaceOrder } from "./use-place-order";

/** The one-page checkout (/checkout): contact, address, shipping method, payment, certification, order summary. */
export function CheckoutPage({ data }: { data: CheckoutData }) {
  const rules = useMemo<CartCatalog>(() => new Map(data.cartRules), [data.cartRules]);
  const cart = useStoredCart(rules);
  const placing = usePlaceOrder();
  if (placing.placed) return <CheckoutShell><p className="checkout-note" role="status">Thank you! Opening your receipt…</p></CheckoutShell>;
  if (!cart) return <CheckoutShell><NeedsJavaScript /><p className="checkout-note checkout-loading" aria-busy="true">Loading your cart…</p></CheckoutShell>;
  if (Object.keys(cart).length === 0) return <EmptyCheckout />;
  return <CheckoutForm data={data} items={cart as Record<string, number>} placing={placing} />;
}

function EmptyCheckout() {
  return (
    <CheckoutShell>
      <div className="checkout-empty">
        <p>Your cart is empty, so there is nothing to check out yet.</p>
        <Link to={ROUTES.daily_synbiotic} className="button">
          Shop DS-01®
        </Link>
      </div>
    </CheckoutShell>
  );
}

/**
 * Checkout is the one step that needs JavaScript: the card number goes from the browser straight to the payment
 * processor, never through our server. Before scripts run the page says so, and what to do instead.
 */
function NeedsJavaScript() {
  return (
    <noscript>
      {/* Without scripts the cart never loads here: say why instead of "Loading your cart…". */}
      <style>{".checkout-loading{display:none}"}</style>
      <div className="checkout-nojs" role="note">
        <h2 className="checkout-nojs__title">Checkout needs JavaScript</h2>
        <p>
          Your card number goes from this page straight to our payment processor and never through our servers, and that takes
          JavaScript. Please turn JavaScript on for this site and reload this page; your cart is saved.
        </p>
        <p>
          Prefer not to? Email <a href="mailto:care@seed.example">care@seed.example</a> with what is in your cart and our care team
          will help you order. You can still <a href={ROUTES.cart}>review your cart</a> without JavaScript.
        </p>
      </div>
    </noscript>
  );
}
