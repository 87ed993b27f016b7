import { useEffect, useState } from "react";
import type { Quote } from "../../../domain/quote";
import type { DisclosedCoupon } from "../../../domain/renewal-terms";
import type { RenewalTermView } from "./RenewalTerms";
import type { ShippingMethod } from "../../../domain/shipping";
import { fetchPreview, fetchShippingRates, type ApiError, type ShippingRates } from "./api";

export interface PreviewState {
  /**
   * creditApplied: the signed-in member's credit the server takes off (ADR 0040); renewals: what each subscription
   * renews as; promoTerms: the promo code's limits (issue 34: told before paying).
   */
  quote: (Quote & { creditApplied?: number; renewals?: RenewalTermView[]; promoTerms?: DisclosedCoupon | null }) | null;
  error: ApiError | null;
  loading: boolean;
}

/** Several quick changes (typing a region, stepping through countries) make one request. */
const SETTLE_MS = 120;

/**
 * The order summary's numbers from POST /ecommerce/purchase/preview/: the server prices the cart, promo code,
 * country and shipping method, so the summary shows what will be charged. Refreshed when any of them changes;
 * an older answer never overwrites a newer one.
 */
export function usePreview(base: string, input: { items: Record<string, number> | null; couponCode: string | null; country: string; method: ShippingMethod | "" }): PreviewState {
  const [state, setState] = useState<PreviewState>({ quote: null, error: null, loading: true });
  const itemsKey = input.items ? JSON.stringify(input.items) : null;
  const { couponCode, country, method } = input;
  useEffect(() => {
    if (!itemsKey || itemsKey === "{}") return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      const request = { items: JSON.parse(itemsKey) as Record<string, number>, coupon_codes: couponCode ? [couponCode] : [], shipping: method ? { method_code: method } : {}, country };
      const result = await fetchPreview(base, request, controller.signal).catch(() => null);
      if (!result || controller.signal.aborted) return;
      setState(result.ok ? { quote: result.data, error: null, loading: false } : { quote: null, error: result.error, loading: false });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [base, itemsKey, couponCode, country, method]);
  return state;
}

export interface RatesState {
  rates: ShippingRates | null;
  error: ApiError | null;
  loading: boolean;
}

/** Shipping methods for the destination from POST /ecommerce/shipping_rates/, fetched again when the country changes. */
export function useShippingRates(base: string, country: string, items: Record<string, number> | null): RatesState {
  const [state, setState] = useState<RatesState>({ rates: null, error: null, loading: true });
  const itemsKey = items ? JSON.stringify(items) : null;
  useEffect(() => {
    if (!itemsKey || itemsKey === "{}") return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    fetchShippingRates(base, { country, items: JSON.parse(itemsKey) as Record<string, number> }, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(result.ok ? { rates: result.data, error: null, loading: false } : { rates: null, error: result.error, loading: false });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [base, country, itemsKey]);
  return state;
}
