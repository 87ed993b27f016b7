import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { OrderSummary } from "../../../domain/orders";
import { ROUTES } from "../../../domain/routes";
import { track } from "../../lib/analytics";
import { clearCart } from "../cart/stored-cart";
import { clearPromo } from "../promo/promo-code";
import { CART_EVENTS } from "./analytics";
import { placeOrder, tokenizeCard } from "./api";
import { attemptKeys } from "./attempt";
import { cardPayload } from "./card";
import { orderProblem, type OrderProblem } from "./errors";
import { purchaseBody, type CheckoutValues } from "./form";
import { forgetKeptFields } from "./kept-fields";
import { focusField } from "./use-checkout-form";
import { attributionForOrder } from "../../lib/attribution";

interface PlaceOrderInput {
  values: CheckoutValues;
  items: Record<string, number>;
  couponCode: string | null;
  cartId: string;
  /** A solved captcha, once the server asked for one: verified when the card is tokenised (or by the purchase). */
  captchaToken?: string | null;
  /** Another gateway's card step (Stripe.js's PaymentMethod); without it the sandbox tokenizes the card fields. */
  cardToken?: () => Promise<{ ok: true; token: string } | { ok: false; problem: OrderProblem }>;
}

async function sandboxToken(values: CheckoutValues, captchaToken?: string | null) {
  const card = await tokenizeCard(cardPayload(values), captchaToken);
  return card.ok ? { ok: true as const, token: card.data.token } : { ok: false as const, problem: orderProblem(card.error, "card") };
}

function trackOrder(order: OrderSummary, cartId: string): void {
  const paid = order.lines.filter((l) => !l.bonus);
  track(CART_EVENTS.orderCompleted, {
    order_id: order.id,
    order_number: order.number,
    cart_id: cartId,
    total: order.total / 100,
    revenue: order.total / 100,
    discount: order.discountTotal / 100,
    shipping: order.shipping.amount / 100,
    currency: order.currency,
    coupon_codes: order.discounts.map((d) => d.code),
    product_ids: paid.map((l) => l.productCode),
    quantities: paid.map((l) => l.quantity),
  });
}

/**
 * Submit: tokenize the card (sandbox) or take the card step's token (Stripe.js), then POST /api/purchase with this attempt's Idempotency-Key. One submit at a time; on
 * success the cart and promo code are cleared and the receipt opens; on a problem the form stays as it was.
 */
export function usePlaceOrder() {
  const navigate = useNavigate();
  const keys = useRef(attemptKeys());
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  /** The purchase's answer was lost and it is being asked again with the same key (api.ts placeOrder). */
  const [retrying, setRetrying] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [problem, setProblem] = useState<OrderProblem | null>(null);

  const fail = useCallback((p: OrderProblem) => {
    setProblem(p);
    if (p.focus) focusField(p.focus);
  }, []);

  const run = useCallback(
    async ({ values, items, couponCode, cartId, captchaToken, cardToken }: PlaceOrderInput): Promise<boolean> => {
      const card = cardToken ? await cardToken() : await sandboxToken(values, captchaToken);
      if (!card.ok) return (fail(card.problem), false);
      const body = { ...purchaseBody({ values, items, couponCodes: couponCode ? [couponCode] : [], token: card.token, cartId, captchaToken }), ...attributionForOrder() };
      const result = await placeOrder(body, keys.current.current(), () => setRetrying(true));
      keys.current.settle(result.ok ? result.status : result.error.status, result.ok ? "" : result.error.code);
      if (!result.ok) return (fail(orderProblem(result.error, "order")), false);
      trackOrder(result.data.order, cartId);
      setPlaced(true);
      clearCart();
      clearPromo();
      forgetKeptFields();
      await navigate(ROUTES.thank_you);
      return true;
    },
    [fail, navigate],
  );

  /** Resolves true once the order is placed (an express wallet's sheet is told otherwise). */
  const submit = useCallback(
    async (input: PlaceOrderInput): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setSubmitting(true);
      setProblem(null);
      try {
        return await run(input);
      } finally {
        busy.current = false;
        setSubmitting(false);
        setRetrying(false);
      }
    },
    [run],
  );

  return { submit, submitting, retrying, placed, problem, setProblem };
}
