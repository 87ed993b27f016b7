import { useEffect, useRef, useState } from "react";
import { useFlags } from "../../lib/use-flags";
import { expressButtonOptions, type ExpressPlacement } from "./express-options";
import { loadStripe, stripeCardProblem, type ExpressPaymentType, type StripeConfig, type StripeElements, type StripeJs } from "./stripe-js";

/** What the checkout decides when a wallet button is pressed and when the wallet confirms (ADR 0044). */
export interface ExpressPayHandlers {
  /** The shopper pressed a wallet's button: true opens the wallet (the form's contact and address must be right). */
  start(method: ExpressPaymentType): boolean;
  /**
   * The wallet confirmed: place the order with the PaymentMethod `paymentMethod()` makes. Resolves null once the
   * order is placed, or the words the wallet's sheet shows when it is not (the page shows the problem as well).
   */
  confirm(method: ExpressPaymentType, paymentMethod: () => Promise<{ ok: true; token: string } | { ok: false; message: string }>): Promise<string | null>;
}

/** Amounts in minor units and a currency code, as the order summary has them. */
interface ExpressMoney {
  amount: number;
  currency: string;
}

/**
 * Stripe's Express Checkout Element: the wallet buttons Stripe offers on this device (Link, Google Pay, Apple Pay...),
 * shown only when Stripe reports at least one. The Elements group is made before any PaymentIntent (`mode: "payment"`,
 * the summary's amount, `paymentMethodCreation: "manual"`), so the wallet only makes a PaymentMethod: the order then
 * goes through POST /api/purchase like a card, and the server prices it as always.
 */
export function ExpressCheckout({ config, money, handlers, placement }: { config: StripeConfig; money: ExpressMoney | null; handlers: ExpressPayHandlers; placement: ExpressPlacement }) {
  const { jsUrl, publishableKey } = config;
  const buttons = expressButtonOptions(useFlags());
  const buttonOptions = useRef(buttons);
  const mountAt = useRef<HTMLDivElement>(null);
  const group = useRef<StripeElements | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  // Made once, with the first priced total: a total being re-priced (null for a moment) must not remount the wallet.
  const firstMoney = useRef(money);
  firstMoney.current ??= money;
  const priced = firstMoney.current !== null;
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    const start = firstMoney.current;
    if (!start) return;
    let gone = false;
    let unmount = () => {};
    loadStripe({ jsUrl, publishableKey }).then(
      (stripe) => {
        if (gone || !mountAt.current) return;
        const elements = stripe.elements({ mode: "payment", amount: start.amount, currency: start.currency.toLowerCase(), paymentMethodCreation: "manual" });
        const element = elements.create("expressCheckout", buttonOptions.current);
        element.on("ready", (e) => !gone && setAvailable(Object.values(e.availablePaymentMethods ?? {}).some(Boolean)));
        element.on("click", (e) => {
          if (latest.current.start(e.expressPaymentType)) e.resolve({});
        });
        element.on("confirm", (e) => {
          void latest.current.confirm(e.expressPaymentType, () => walletPaymentMethod(stripe, elements, e.billingDetails)).then((failure) => {
            if (failure) e.paymentFailed({ reason: "fail", message: failure });
          });
        });
        element.mount(mountAt.current);
        group.current = elements;
        unmount = () => element.unmount();
      },
      // Without Stripe.js the card field says so; the wallets simply stay hidden.
      () => undefined,
    );
    return () => {
      gone = true;
      unmount();
      group.current = null;
    };
  }, [jsUrl, publishableKey, priced]);

  // The wallet's sheet shows the summary's current total (the server computes the charge itself).
  useEffect(() => {
    if (money) group.current?.update({ amount: money.amount, currency: money.currency.toLowerCase() });
  }, [money]);

  return (
    <section className={`express-pay express-pay--${placement}`} aria-labelledby="express-pay-title" hidden={!available} data-express-pay={placement}>
      <h2 id="express-pay-title" className="express-pay__title">
        Express checkout
      </h2>
      <p className="express-pay__note">
        {placement === "top" ? "Pay with your wallet once your contact details and address below are filled in." : "Pay with your wallet. We use the contact details and address above."}
      </p>
      <div ref={mountAt} className="express-pay__buttons" />
      <p className="express-pay__or">
        <span>or pay by card below</span>
      </p>
    </section>
  );
}

/** The wallet's PaymentMethod, after elements.submit() as Stripe requires; problems in the shop's words. */
async function walletPaymentMethod(stripe: StripeJs, elements: StripeElements, billing?: { name?: string | null; email?: string | null }) {
  const submitted = await elements.submit();
  if (submitted.error) return { ok: false as const, message: stripeCardProblem(submitted.error) };
  const details = { name: billing?.name ?? undefined, email: billing?.email ?? undefined };
  const result = await stripe.createPaymentMethod({ elements, params: { billing_details: details } });
  if (result.paymentMethod) return { ok: true as const, token: result.paymentMethod.id };
  return { ok: false as const, message: result.error ? stripeCardProblem(result.error) : "Your wallet could not pay. Please try again or pay by card." };
}
