import { useId, useState } from "react";
import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { CartSummary } from "../cart/CartSummary";
import { Money } from "../cart/Money";
import { PromoCodeField } from "../cart/PromoCodeField";
import { clearPromo } from "../promo/promo-code";
import { SummaryLines } from "./SummaryLines";
import { PromoLimits } from "./RenewalTerms";
import type { PreviewState } from "./preview";

interface OrderSummaryPanelProps {
  preview: PreviewState;
  promoCode: string | null;
  country: string;
}

/**
 * The order as the server prices it (purchase preview): lines, promo code, discounts, shipping, total. On phones it
 * folds behind a button that shows the total; on wide screens it is always open beside the form.
 */
export function OrderSummaryPanel({ preview, promoCode, country }: OrderSummaryPanelProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const { quote, error, loading } = preview;
  return (
    <aside className="checkout-summary" aria-labelledby="order-summary-title" aria-busy={loading}>
      <h2 id="order-summary-title" className="checkout-summary__title">
        Order summary
      </h2>
      <button type="button" className="checkout-summary__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="checkout-summary__toggle-label">{open ? "Hide order summary" : "Show order summary"}</span>
        {quote && <Money amount={quote.total} currency={quote.currency} country={country} className="checkout-summary__toggle-total" />}
      </button>
      <div id={bodyId} className={`checkout-summary__body ${open ? "is-open" : ""}`}>
        {quote && (
          <SummaryLines lines={quote.lines} currency={quote.currency} country={country} label="Items" />
        )}
        <PromoCodeField code={promoCode} promoApplies={quote?.discounts.some((d) => d.kind === "promo") ?? true} notAppliedReason={quote?.promoNotApplied?.reason} />
        <PromoLimits coupon={quote?.promoTerms ?? null} country={country} />
        {error && (
          <div className="checkout-note checkout-note--error" role="alert">
            <p>{error.message}</p>
            {error.code === "INVALID_COUPON" && promoCode && (
              <button type="button" className="text-button" onClick={clearPromo}>
                Remove promo code {promoCode}
              </button>
            )}
          </div>
        )}
        {quote && <CartSummary totals={quote} country={country} shippingLabel />}
        {!quote && !error && <p className="checkout-note">Working out your total…</p>}
        <Link to={ROUTES.cart} className="checkout-summary__edit">
          Edit cart
        </Link>
      </div>
    </aside>
  );
}
