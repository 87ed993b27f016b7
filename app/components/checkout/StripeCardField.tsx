import { useEffect, useRef, useState, type MutableRefObject } from "react";
import { fieldId } from "./Field";
import { CARD_FIELD_UNAVAILABLE, CARD_INCOMPLETE, loadStripe, stripeCardProblem, type StripeCardElement, type StripeConfig, type StripeJs } from "./stripe-js";

/** What Place order asks of the card field: a PaymentMethod id, or the shop's words for what is wrong (shown inline). */
export interface StripeCardHandle {
  paymentMethod(billing: { name: string; email: string }): Promise<{ ok: true; token: string } | { ok: false; message: string }>;
}

/** The id focus goes to on a card problem (the sandbox's card number field has the same one). */
const CARD_ID = fieldId("cardNumber");

/**
 * Stripe's card Element: the number, expiry and code are typed in Stripe's own frame, so they never reach the shop's
 * page or server; Place order turns them into a PaymentMethod (pm_...) through `handle`.
 */
export function StripeCardField({ config, handle }: { config: StripeConfig; handle: MutableRefObject<StripeCardHandle | null> }) {
  // By value: a revalidated loader's new (equal) object must not remount the frame and lose what was typed.
  const { jsUrl, publishableKey } = config;
  const mountAt = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let stripe: StripeJs | null = null;
    let card: StripeCardElement | null = null;
    let gone = false;
    const unavailable = { ok: false as const, message: CARD_FIELD_UNAVAILABLE };
    handle.current = {
      async paymentMethod(billing) {
        if (!stripe || !card) return unavailable;
        const result = await stripe.createPaymentMethod({ type: "card", card, billing_details: billing });
        if (result.paymentMethod) return { ok: true, token: result.paymentMethod.id };
        const message = result.error ? stripeCardProblem(result.error) : CARD_INCOMPLETE;
        setError(message);
        return { ok: false, message };
      },
    };
    loadStripe({ jsUrl, publishableKey }).then(
      (client) => {
        if (gone || !mountAt.current) return;
        stripe = client;
        card = client.elements().create("card", { hidePostalCode: true });
        card.on("change", (e) => setError(e.error ? stripeCardProblem(e.error) : null));
        card.mount(mountAt.current);
        element.current = card;
        setLoaded(true);
      },
      () => !gone && setError(CARD_FIELD_UNAVAILABLE),
    );
    return () => {
      gone = true;
      card?.unmount();
      handle.current = null;
    };
  }, [jsUrl, publishableKey, handle]);

  return (
    <div className="field field--wide" data-field="card">
      <span id={`${CARD_ID}-label`} className="field-label">
        Card
      </span>
      <div
        ref={mountAt}
        id={CARD_ID}
        className="stripe-card"
        role="group"
        tabIndex={-1}
        aria-labelledby={`${CARD_ID}-label`}
        aria-describedby={error ? `${CARD_ID}-error` : undefined}
        aria-busy={!loaded}
        data-invalid={error ? true : undefined}
        // Focus sent here on a card problem goes on into Stripe's frame.
        onFocus={(e) => e.target === e.currentTarget && element.current?.focus()}
      />
      <p id={`${CARD_ID}-error`} className="field-error" role="alert">
        {error}
      </p>
    </div>
  );
}
