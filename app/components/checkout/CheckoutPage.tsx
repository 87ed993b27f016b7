import { useCallback, useEffect, useMemo, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import type { CartProductRule, CartCatalog } from "../../../domain/cart";
import { ROUTES } from "../../../domain/routes";
import { ensureCartId } from "../../lib/cart-store";
import { useStoredCart } from "../../lib/checkout-cart-store";
import { initialValues } from "../../lib/checkout-form";
import { usePreview, useShippingRates } from "../../lib/checkout-preview";
import { useStoredPromoCode } from "../../lib/checkout-promo";
import { CHECKOUT_STEPS, useCheckoutSteps } from "../../lib/checkout-steps";
import { Money } from "../cart/Money";
import { AddressSection } from "./AddressSection";
import { ContactSection } from "./ContactSection";
import { HealthCertification } from "./HealthCertification";
import { OrderProblemAlert } from "./OrderProblemAlert";
import { OrderSummaryPanel } from "./OrderSummaryPanel";
import { PaymentSection } from "./PaymentSection";
import { ShippingMethodSection } from "./ShippingMethodSection";
import { useCheckoutForm } from "./use-checkout-form";
import { usePlaceOrder } from "./use-place-order";

export interface CheckoutData {
  cartRules: [string, CartProductRule][];
  country: string;
  email: string | null;
  providerBase: string;
}

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

function CheckoutShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="checkout-page">
      <h1 className="checkout-page__title">Checkout</h1>
      {children}
    </main>
  );
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

interface CheckoutFormProps {
  data: CheckoutData;
  items: Record<string, number>;
  placing: ReturnType<typeof usePlaceOrder>;
}

function CheckoutForm({ data, items, placing }: CheckoutFormProps) {
  const form = useCheckoutForm(useMemo(() => initialValues(data.country, data.email ?? ""), [data.country, data.email]));
  const { values, set } = form;
  const couponCode = useStoredPromoCode();
  const rates = useShippingRates(data.providerBase, values.country, items);
  const preview = usePreview(data.providerBase, { items, couponCode, country: values.country, method: values.shippingMethod });
  const cartId = useCallback(() => ensureCartId(), []);
  const steps = useCheckoutSteps(cartId);
  const tracking = useMemo(() => ({ ...steps, fieldsValid: form.fieldsValid }), [steps, form.fieldsValid]);
  const countryName = useMemo(() => new Intl.DisplayNames(["en"], { type: "region" }).of(values.country) ?? values.country, [values.country]);

  // The first step is on screen as the page opens.
  useEffect(() => steps.view("Contact"), [steps]);
  // Keep the chosen method when the new destination offers it, else take the first one offered.
  useEffect(() => {
    const offered = rates.rates?.rates ?? [];
    if (rates.loading || offered.some((r) => r.method_code === values.shippingMethod)) return;
    set("shippingMethod", offered[0]?.method_code ?? "");
  }, [rates, values.shippingMethod, set]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (placing.submitting) return;
    if (!form.validateAll()) {
      placing.setProblem({ message: "Please check the highlighted fields.", focus: null, cartLink: false, promoLink: false });
      return;
    }
    if (!preview.quote) {
      placing.setProblem({ message: preview.error?.message ?? "We are still working out your total. Please try again in a moment.", focus: null, cartLink: false, promoLink: false });
      return;
    }
    for (const step of CHECKOUT_STEPS) steps.complete(step);
    void placing.submit({ values, items, couponCode, cartId: cartId() });
  };

  const quote = preview.quote;
  const cannotShip = rates.rates !== null && !rates.rates.shippable;
  return (
    <CheckoutShell>
      <div className="checkout-grid">
        <OrderSummaryPanel preview={preview} promoCode={couponCode} country={values.country} />
        <form className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Checkout">
          <ContactSection form={form} tracking={tracking} />
          <AddressSection form={form} tracking={tracking} />
          <ShippingMethodSection form={form} tracking={tracking} rates={rates} countryName={countryName} />
          <PaymentSection form={form} tracking={tracking} />
          <HealthCertification form={form} />
          <OrderProblemAlert problem={placing.problem} />
          <button type="submit" className="button checkout-submit" aria-disabled={placing.submitting || cannotShip || undefined} disabled={cannotShip}>
            <span>{placing.submitting ? "Placing your order…" : "Place order"}</span>
            {quote && !placing.submitting && (
              <>
                <span aria-hidden="true">·</span>
                <Money amount={quote.total} currency={quote.currency} country={values.country} />
              </>
            )}
          </button>
          <p className="checkout-legal">
            By placing your order you agree to our <Link to={ROUTES.terms}>terms</Link> and <Link to={ROUTES.subscription_terms}>subscription terms</Link>. Subscriptions renew
            automatically until you cancel.
          </p>
        </form>
      </div>
    </CheckoutShell>
  );
}
