import type { Currency } from "../../../domain/money";
import { discountLabel, type QuoteDiscount } from "../../../domain/quote";
import { CREDIT_LABEL } from "../../../domain/order-credit";
import { countryInSentence } from "../../../domain/shipping-note";
import { Money } from "./Money";

/** The totals of a quote, a preview or an order: they share these fields. */
export interface Totals {
  currency: Currency;
  subtotal: number;
  discounts: { code: string; kind: QuoteDiscount["kind"]; amount: number }[];
  shipping: { label: string; amount: number };
  /** Member credit taken off (a signed-in member's checkout and their order, ADR 0040). */
  creditApplied?: number;
  total: number;
  preorderMessage: string | null;
}

/** Subtotal, each discount (the automatic one and the promo code), shipping, the member's credit and the total. */
export function CartSummary({ totals, country, shippingLabel = false, shippingTo = null }: { totals: Totals; country: string; shippingLabel?: boolean; shippingTo?: string | null }) {
  const { currency } = totals;
  return (
    <>
      <dl className="cart-summary">
        <div className="cart-summary__row">
          <dt>Subtotal</dt>
          <dd>
            <Money amount={totals.subtotal} currency={currency} country={country} />
          </dd>
        </div>
        {totals.discounts.map((d) => (
          <div className="cart-summary__row cart-summary__row--discount" key={`${d.kind}-${d.code}`}>
            <dt>{discountLabel(d)}</dt>
            <dd>
              −<Money amount={d.amount} currency={currency} country={country} />
            </dd>
          </div>
        ))}
        <div className="cart-summary__row">
          <dt>
            {shippingTo ? `Shipping to ${countryInSentence(shippingTo)}` : "Shipping"}
            {shippingLabel && <span className="cart-summary__detail">{totals.shipping.label}</span>}
          </dt>
          <dd>
            <Money amount={totals.shipping.amount} currency={currency} country={country} freeWhenZero />
          </dd>
        </div>
        {(totals.creditApplied ?? 0) > 0 && (
          <div className="cart-summary__row cart-summary__row--discount" data-testid="credit-applied">
            <dt>
              {CREDIT_LABEL}
              <span className="cart-summary__detail">Referral rewards and points</span>
            </dt>
            <dd>
              −<Money amount={totals.creditApplied!} currency={currency} country={country} />
            </dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>Total</dt>
          <dd>
            <Money amount={totals.total} currency={currency} country={country} />
          </dd>
        </div>
      </dl>
      {totals.preorderMessage && <p className="cart-summary__note">{totals.preorderMessage}</p>}
    </>
  );
}
