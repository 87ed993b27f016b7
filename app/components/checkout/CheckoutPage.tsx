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
  if (!cart) return <CheckoutShell><p className="checkout-note" aria-busy="true">Loading your cart…</p></CheckoutShell>;
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
