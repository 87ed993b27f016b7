import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { clearPromo } from "../promo/promo-code";
import type { OrderProblem } from "./errors";

/** Why the order did not go through, in plain words, beside the button the shopper just pressed. */
export function OrderProblemAlert({ problem }: { problem: OrderProblem | null }) {
  return (
    <div role="alert" className={problem ? "checkout-alert" : "checkout-alert checkout-alert--empty"}>
      {problem && (
        <>
          <p>{problem.message}</p>
          {problem.cartLink && (
            <Link to={ROUTES.cart} className="text-button">
              Review your cart
            </Link>
          )}
          {problem.promoLink && (
            <button type="button" className="text-button" onClick={clearPromo}>
              Remove the promo code
            </button>
          )}
        </>
      )}
    </div>
  );
}
