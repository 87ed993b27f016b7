import { CheckoutSection, type StepTracking } from "./CheckoutSection";
import { TextField } from "./Field";
import { useFlags } from "../../lib/use-flags";
import { autoProceedTarget, formatCardNumber, formatExpiry, SANDBOX_TEST_CARDS, type CardField } from "./card";
import { fieldId } from "./Field";
import type { MutableRefObject } from "react";
import { StripeCardField, type StripeCardHandle } from "./StripeCardField";
import type { StripeConfig } from "./stripe-js";
import type { CheckoutForm } from "./use-checkout-form";

const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvc", "cardName"] as const;

interface StripePayment {
  config: StripeConfig;
  handle: MutableRefObject<StripeCardHandle | null>;
}

/**
 * Card details for the sandbox gateway. They go only to the tokenize call, which answers a token; the order carries
 * the token, never the card. With Stripe (PAYMENT_PROVIDER=stripe) the card is typed in Stripe's own frame instead.
 */
export function PaymentSection({ form, tracking, stripe }: { form: CheckoutForm; tracking: StepTracking; stripe?: StripePayment | null }) {
  const { values, errors, leave } = form;
  const autoProceed = useFlags()["data-auto-proceed-cc-fields"];
  // Sets a card field; with data-auto-proceed-cc-fields, the change that completes it moves focus to the next one.
  const set = (field: CardField, value: string) => {
    form.set(field, value);
    const next = autoProceed ? autoProceedTarget(field, values, { ...values, [field]: value }) : null;
    if (next) document.getElementById(fieldId(next))?.focus();
  };
  if (stripe) {
    return (
      <CheckoutSection step="Payment" title="Payment" fields={[]} tracking={tracking}>
        {() => (
          <div className="field-grid">
            <StripeCardField config={stripe.config} handle={stripe.handle} />
          </div>
        )}
      </CheckoutSection>
    );
  }
  return (
    <CheckoutSection step="Payment" title="Payment" fields={CARD_FIELDS} tracking={tracking}>
      {() => (
        <>
          <div className="field-grid">
            <TextField
              name="cardNumber"
              label="Card number"
              className="field--wide"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={values.cardNumber}
              error={errors.cardNumber}
              onChange={(e) => set("cardNumber", formatCardNumber(e.target.value))}
              onBlur={() => leave("cardNumber")}
            />
            <TextField
              name="cardExpiry"
              label="Expiry (MM / YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={values.cardExpiry}
              error={errors.cardExpiry}
              onChange={(e) => set("cardExpiry", formatExpiry(e.target.value, values.cardExpiry))}
              onBlur={() => leave("cardExpiry")}
            />
            <TextField
              name="cardCvc"
              label="Security code (CVC)"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={values.cardCvc}
              error={errors.cardCvc}
              onChange={(e) => set("cardCvc", e.target.value.replace(/\D/g, ""))}
              onBlur={() => leave("cardCvc")}
            />
            <TextField
              name="cardName"
              label="Name on card"
              className="field--wide"
              autoComplete="cc-name"
              value={values.cardName}
              error={errors.cardName}
              onChange={(e) => set("cardName", e.target.value)}
              onBlur={() => leave("cardName")}
            />
          </div>
          <div className="sandbox-note">
            <p>
              <strong>Test mode.</strong> No real card is charged. Use any future expiry date and any 3-digit code:
            </p>
            <ul>
              {SANDBOX_TEST_CARDS.map((card) => (
                <li key={card.number}>
                  <span className="sandbox-note__number">{card.number}</span> {card.result}
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </CheckoutSection>
  );
}
