import { Link } from "react-router";
import type { Quote } from "../../../domain/quote";
import { ROUTES } from "../../../domain/routes";
import { Money } from "../cart/Money";

interface PlaceOrderButtonProps {
  total: Pick<Quote, "total" | "currency"> | null;
  country: string;
  submitting: boolean;
  /** The answer was lost and the same order is being asked for again (it is never placed twice). */
  retrying?: boolean;
  cannotShip: boolean;
}

/**
 * Place order, with the total it charges. While the order goes through it says so and stays focusable
 * (aria-disabled): a second press does nothing, and keyboard focus is not thrown to the page.
 */
export function PlaceOrderButton({ total, country, submitting, retrying = false, cannotShip }: PlaceOrderButtonProps) {
  return (
    <>
      <button type="submit" className="button checkout-submit" aria-disabled={submitting || cannotShip || undefined} disabled={cannotShip}>
        <span>{submitting ? "Placing your order…" : "Place order"}</span>
        {total && !submitting && (
          <>
            <span aria-hidden="true">·</span>
            <Money amount={total.total} currency={total.currency} country={country} />
          </>
        )}
      </button>
      <p className="checkout-retrying" role="status">
        {retrying ? "The connection dropped before the shop answered. Still placing your order, once: please keep this page open." : ""}
      </p>
      <p className="checkout-legal">
        By placing your order you agree to our <Link to={ROUTES.terms}>terms</Link> and <Link to={ROUTES.subscription_terms}>subscription terms</Link>. Subscriptions renew
        automatically until you cancel.
      </p>
    </>
  );
}
