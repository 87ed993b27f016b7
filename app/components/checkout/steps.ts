import { useCallback, useMemo, useRef } from "react";
import { track } from "../../lib/analytics";
import { CART_EVENTS, paymentMethodProperties, type PaymentMethodName } from "./analytics";

/** The checkout's steps, in order, as the "Checkout Step Viewed/Completed" events name them. */
export const CHECKOUT_STEPS = ["Contact", "Shipping Address", "Shipping Method", "Payment"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const stepProperties = (step: CheckoutStep) => ({ step: CHECKOUT_STEPS.indexOf(step) + 1, step_name: step });

/**
 * Step events on a one-page checkout: a step is viewed when the shopper first enters its section and completed the
 * first time they leave it with every field right. Each is sent once per visit.
 */
export function useCheckoutSteps(cartId: () => string) {
  const viewed = useRef(new Set<CheckoutStep>());
  const completed = useRef(new Set<CheckoutStep>());
  // Entering Payment is choosing the card; an express wallet (ADR 0044) is chosen by pressing its button instead.
  const view = useCallback(
    (step: CheckoutStep, method: PaymentMethodName = "card") => {
      if (viewed.current.has(step)) return;
      viewed.current.add(step);
      track(CART_EVENTS.checkoutStepViewed, { ...stepProperties(step), cart_id: cartId() });
      if (step === "Payment") track(CART_EVENTS.paymentMethodSelected, paymentMethodProperties(cartId(), method));
    },
    [cartId],
  );
  const complete = useCallback(
    (step: CheckoutStep, method: PaymentMethodName = "card") => {
      if (completed.current.has(step)) return;
      view(step, method);
      completed.current.add(step);
      track(CART_EVENTS.checkoutStepCompleted, { ...stepProperties(step), cart_id: cartId() });
      if (step === "Payment") track(CART_EVENTS.paymentInfoEntered, paymentMethodProperties(cartId(), method));
    },
    [cartId, view],
  );
  return useMemo(() => ({ view, complete }), [view, complete]);
}
