import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

/** The empty state: say so plainly and offer a way back to the shop. */
export function EmptyCart({ onNavigate }: { onNavigate?(): void }) {
  return (
    <div className="cart-empty">
      <p className="cart-empty__title">Your cart is empty.</p>
      <p className="cart-empty__text">Start with DS-01®, our daily synbiotic for gut and whole-body health.</p>
      <Link to={ROUTES.daily_synbiotic} className="button" onClick={onNavigate}>
        Shop DS-01®
      </Link>
    </div>
  );
}
