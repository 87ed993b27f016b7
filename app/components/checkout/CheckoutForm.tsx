import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { CartProductRule } from "../../../domain/cart";
import { ensureCartId } from "../cart/cart-store";
import { AddressSection } from "./AddressSection";
import { CheckoutShell } from "./CheckoutShell";
import { ExpressCheckout, type ExpressPayHandlers } from "./ExpressCheckout";
import { expressPlacement } from "./express-options";
import { useFlags } from "../../lib/use-flags";
import { track } from "../../lib/analytics";
import { CART_EVENTS, expressPayProperties } from "./analytics";
import { ContactSection } from "./ContactSection";
import { HealthCertification } from "./HealthCertification";
import { OrderProblemAlert } from "./OrderProblemAlert";
import { OrderSummaryPanel } from "./OrderSummaryPanel";
import { PaymentSection } from "./PaymentSection";
import { PlaceOrderButton } from "./PlaceOrderButton";
import { RenewalConsent, type RenewalTermView } from "./RenewalTerms";
import { keepFields, readKeptFields } from "./kept-fields";
import { ShippingMethodSection } from "./ShippingMethodSection";
import { CaptchaCheck } from "./CaptchaCheck";
import { CAPTCHA_PENDING, CHECK_FIELDS, plainProblem, TOTAL_PENDING } from "./errors";
import { initialValues, type CheckoutField } from "./form";
import type { StripeCardHandle } from "./StripeCardField";
import { CARD_FIELD_UNAVAILABLE, type StripeConfig } from "./stripe-js";
import { usePreview, useShippingRates } from "./preview";
import { useStoredPromoCode } from "./promo";
import { CHECKOUT_STEPS, useCheckoutSteps } from "./steps";
import { useCheckoutForm } from "./use-checkout-form";
import type { usePlaceOrder } from "./use-place-order";

/** What the checkout loader gives the page. */
export interface CheckoutData {
  cartRules: [string, CartProductRule][];
  country: string;
  email: string | null;
  providerBase: string;
  /** Turnstile's site key when captcha is switched on (TURNSTILE_SITE_KEY), else null. */
  captchaSiteKey?: string | null;
  /** Stripe.js's URL and publishable key when the shop pays through Stripe, else null (the sandbox's card fields). */
  stripe?: StripeConfig | null;
}

/** What a wallet's sheet says when the order was not placed; the page shows the reason beside the form. */
const EXPRESS_NOT_PLACED = "The order was not placed. Please see the message on the checkout page.";

/** Stripe's card frame replaces the sandbox's card inputs. */
const STRIPE_SKIPS: readonly CheckoutField[] = ["cardNumber", "cardExpiry", "cardCvc", "cardName"];
const NO_SKIPS: readonly CheckoutField[] = [];
/** The renewal consent box is asked only when something in the cart renews. */
const RENEWAL_SKIPS: readonly CheckoutField[] = ["renewalConsent"];
const NO_RENEWALS: readonly RenewalTermView[] = [];

interface CheckoutFormProps {
  data: CheckoutData;
  items: Record<string, number>;
  placing: ReturnType<typeof usePlaceOrder>;
}

/**
 * The form with its live server-priced summary. Shipping rates follow the country, the preview follows cart, promo
 * code, country and method; submit checks every field, then hands over to usePlaceOrder.
 */
export function CheckoutForm({ data, items, placing }: CheckoutFormProps) {
  const stripeConfig = data.stripe ?? null;
  // The consent box is checked only while the priced cart renews (known once the preview answers, below).
  const renews = useRef(false);
  const skips = useCallback(() => [...(stripeConfig ? STRIPE_SKIPS : NO_SKIPS), ...(renews.current ? NO_SKIPS : RENEWAL_SKIPS)], [stripeConfig]);
  const form = useCheckoutForm(useMemo(() => initialValues(data.country, data.email ?? ""), [data.country, data.email]), skips);
  const stripeCard = useRef<StripeCardHandle | null>(null);
  const stripe = useMemo(() => (stripeConfig ? { config: stripeConfig, handle: stripeCard } : null), [stripeConfig]);
  const { values, set } = form;
  const couponCode = useStoredPromoCode();
  const rates = useShippingRates(data.providerBase, values.country, items);
  const preview = usePreview(data.providerBase, { items, couponCode, country: values.country, method: values.shippingMethod });
  // Each subscription's renewal terms as the server priced them; the preview keeps its last answer while a new one loads.
  const renewals = preview.quote?.renewals ?? NO_RENEWALS;
  renews.current = renewals.length > 0;
  const cartId = useCallback(() => ensureCartId(), []);
  const steps = useCheckoutSteps(cartId);
  const tracking = useMemo(() => ({ ...steps, fieldsValid: form.fieldsValid }), [steps, form.fieldsValid]);
  const countryName = useMemo(() => new Intl.DisplayNames(["en"], { type: "region" }).of(values.country) ?? values.country, [values.country]);

  // What the shopper typed earlier in this session comes back after hydration (the server's HTML is the empty form),
  // and what they type is kept from then on (kept-fields.ts: never card data).
  const restored = useRef(false);
  const { restore } = form;
  useEffect(() => restore(readKeptFields()), [restore]);
  useEffect(() => {
    // The first run sees the server's empty form, before the restore lands: nothing to keep yet.
    if (restored.current) keepFields(values);
    restored.current = true;
  }, [values]);

  // The first step is on screen as the page opens.
  useEffect(() => steps.view("Contact"), [steps]);
  // Keep the chosen method when the new destination offers it, else take the first one offered.
  useEffect(() => {
    const offered = rates.rates?.rates ?? [];
    if (rates.loading || offered.some((r) => r.method_code === values.shippingMethod)) return;
    set("shippingMethod", offered[0]?.method_code ?? "");
  }, [rates, values.shippingMethod, set]);

  // The security check appears once the server asks for it (after a few declines) and stays for later tries.
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  useEffect(() => {
    if (placing.problem?.captcha) setCaptchaAsked(true);
  }, [placing.problem]);

  // A problem that belongs to a field (a declined card, an address the carrier refuses) also shows beside that field,
  // marked invalid, where focus went: the alert above Place order may be a screen away (issue 34).
  const { showError } = form;
  useEffect(() => {
    const problem = placing.problem;
    if (problem?.focus) showError(problem.focus, problem.message);
  }, [placing.problem, showError]);

  /** What must be right before any way of paying: every field, a priced total, a solved captcha once asked. */
  const readyToPay = (): boolean => {
    if (!form.validateAll()) return (placing.setProblem(plainProblem(CHECK_FIELDS)), false);
    if (!preview.quote) return (placing.setProblem(plainProblem(preview.error?.message ?? TOTAL_PENDING)), false);
    if (captchaAsked && !captchaToken) return (placing.setProblem(plainProblem(CAPTCHA_PENDING)), false);
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (placing.submitting || !readyToPay()) return;
    for (const step of CHECKOUT_STEPS) steps.complete(step);
    const cardToken = stripe ? () => stripePaymentMethod(stripeCard.current, values) : undefined;
    void placing.submit({ values, items, couponCode, cartId: cartId(), captchaToken, cardToken }).then(() => setCaptchaResets((n) => n + 1));
  };

  // Stripe's wallets (ADR 0044): the button press is measured first, then the same checks as Place order decide
  // whether the wallet opens; its PaymentMethod goes to the same purchase.
  const express: ExpressPayHandlers = {
    start(method) {
      track(CART_EVENTS.expressPayClicked, expressPayProperties(cartId(), method));
      return !placing.submitting && readyToPay();
    },
    async confirm(method, paymentMethod) {
      for (const step of CHECKOUT_STEPS) steps.complete(step, method);
      const cardToken = async () => {
        const result = await paymentMethod();
        return result.ok ? result : { ok: false as const, problem: plainProblem(result.message) };
      };
      const placed = await placing.submit({ values, items, couponCode, cartId: cartId(), captchaToken, cardToken });
      setCaptchaResets((n) => n + 1);
      return placed ? null : EXPRESS_NOT_PLACED;
    },
  };
  const expressAt = expressPlacement(useFlags());
  const expressMoney = useMemo(() => (preview.quote ? { amount: preview.quote.total, currency: preview.quote.currency } : null), [preview.quote]);

  return (
    <CheckoutShell>
      <div className="checkout-grid">
        <OrderSummaryPanel preview={preview} promoCode={couponCode} country={values.country} />
        <form className="checkout-form" onSubmit={onSubmit} noValidate aria-label="Checkout">
          {stripeConfig && expressAt === "top" && <ExpressCheckout config={stripeConfig} money={expressMoney} handlers={express} placement="top" />}
          <ContactSection form={form} tracking={tracking} />
          <AddressSection form={form} tracking={tracking} />
          <ShippingMethodSection form={form} tracking={tracking} rates={rates} countryName={countryName} />
          {stripeConfig && expressAt === "before-payment" && <ExpressCheckout config={stripeConfig} money={expressMoney} handlers={express} placement="before-payment" />}
          <PaymentSection form={form} tracking={tracking} stripe={stripe} />
          <HealthCertification form={form} codes={Object.keys(items)} />
          {renewals.length > 0 && <RenewalConsent form={form} renewals={renewals} country={values.country} />}
          <OrderProblemAlert problem={placing.problem} />
          {captchaAsked && <CaptchaCheck siteKey={data.captchaSiteKey ?? null} onToken={setCaptchaToken} resetCount={captchaResets} />}
          <PlaceOrderButton total={preview.quote} country={values.country} submitting={placing.submitting} retrying={placing.retrying} cannotShip={rates.rates !== null && !rates.rates.shippable} />
        </form>
      </div>
    </CheckoutShell>
  );
}

/** Place order's card step with Stripe: the card frame's PaymentMethod; its problems show under the card too. */
async function stripePaymentMethod(card: StripeCardHandle | null, values: { firstName: string; lastName: string; email: string }) {
  if (!card) return { ok: false as const, problem: { ...plainProblem(CARD_FIELD_UNAVAILABLE), focus: "cardNumber" as const } };
  const result = await card.paymentMethod({ name: `${values.firstName} ${values.lastName}`.trim(), email: values.email.trim() });
  return result.ok ? result : { ok: false as const, problem: { ...plainProblem(result.message), focus: "cardNumber" as const } };
}
