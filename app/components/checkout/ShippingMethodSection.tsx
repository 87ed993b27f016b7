import { isCurrency } from "../../../domain/money";
import { Money } from "../cart/Money";
import { CheckoutSection, type StepTracking } from "./CheckoutSection";
import { fieldId } from "./Field";
import type { RatesState } from "./preview";
import type { CheckoutForm } from "./use-checkout-form";

interface ShippingMethodSectionProps {
  form: CheckoutForm;
  tracking: StepTracking;
  rates: RatesState;
  countryName: string;
}

/** The methods the server offers for the destination (POST /ecommerce/shipping_rates/), as radio buttons. */
export function ShippingMethodSection({ form, tracking, rates, countryName }: ShippingMethodSectionProps) {
  const { values, errors, set } = form;
  const error = errors.shippingMethod;
  return (
    <CheckoutSection step="Shipping Method" title="Shipping method" fields={["shippingMethod"]} tracking={tracking}>
      {(headingId) => {
        if (rates.error) return <p className="checkout-note checkout-note--error">{rates.error.message}</p>;
        if (!rates.rates) return <p className="checkout-note" aria-busy="true">Loading shipping options…</p>;
        if (!rates.rates.shippable || rates.rates.rates.length === 0)
          return <p className="checkout-note checkout-note--error">We cannot ship to {countryName} yet. Please choose another country or contact care.</p>;
        return (
          <div role="radiogroup" aria-labelledby={headingId} aria-describedby={error ? `${fieldId("shippingMethod")}-error` : undefined} className="method-list" aria-busy={rates.loading}>
            {rates.rates.rates.map((rate, index) => (
              <label key={rate.method_code} className={`method-option ${values.shippingMethod === rate.method_code ? "is-checked" : ""}`}>
                <input
                  type="radio"
                  name="shippingMethod"
                  id={index === 0 ? fieldId("shippingMethod") : undefined}
                  value={rate.method_code}
                  checked={values.shippingMethod === rate.method_code}
                  onChange={() => set("shippingMethod", rate.method_code)}
                  className="method-option__radio"
                />
                <span className="method-option__label">{rate.label}</span>
                <span className="method-option__price">{isCurrency(rate.currency) ? <Money amount={rate.amount} currency={rate.currency} country={values.country} freeWhenZero /> : null}</span>
              </label>
            ))}
            <p id={`${fieldId("shippingMethod")}-error`} className="field-error">
              {error}
            </p>
          </div>
        );
      }}
    </CheckoutSection>
  );
}
