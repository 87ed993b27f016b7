import { ERROR_CATALOGUE } from "../../../domain/errors";
import type { OrderSummary } from "../../../domain/orders";
import type { Quote } from "../../../domain/quote";
import type { ShippingMethod } from "../../../domain/shipping";

/** The provider backend's base path (PROVIDER_BASE_PATH on the server); loaders pass the configured one when known. */
export const DEFAULT_PROVIDER_BASE = "/provider";

export interface ApiError {
  status: number;
  code: string;
  message: string;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError };

export const NETWORK_FAILED = "We could not reach the shop. Please check your connection and try again.";

/**
 * The words to show for a failed answer: the server's {code, message} when it sent one, else the catalogue's
 * UNKNOWN wording (a proxy's HTML error page has nothing a shopper should read).
 */
export function readError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof b.code === "string" && typeof b.message === "string" && b.message.trim()) return { status, code: b.code, message: b.message };
  return { status, code: "UNKNOWN", message: ERROR_CATALOGUE.UNKNOWN.message };
}

/** POSTs JSON with credentials (SPEC.md section 7). A network failure answers as status 500, as the spec's fetch helper does. */
export async function postJson<T>(url: string, body: unknown, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...init.headers },
      body: JSON.stringify(body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return { ok: false, error: { status: 500, code: "UNKNOWN", message: NETWORK_FAILED } };
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, error: readError(response.status, data) };
  return { ok: true, status: response.status, data: data as T };
}

export interface ShippingRate {
  method_code: ShippingMethod;
  label: string;
  amount: number;
  currency: string;
}

export interface ShippingRates {
  country: string;
  shippable: boolean;
  rates: ShippingRate[];
}

export function fetchShippingRates(base: string, request: { country: string; region?: string; postal_code?: string; items?: Record<string, number> }, signal?: AbortSignal) {
  return postJson<ShippingRates>(`${base}/ecommerce/shipping_rates/`, request, { signal });
}

export interface PreviewRequest {
  items: Record<string, number>;
  coupon_codes: string[];
  shipping: { method_code?: ShippingMethod };
  country: string;
}

export function fetchPreview(base: string, request: PreviewRequest, signal?: AbortSignal) {
  return postJson<Quote>(`${base}/ecommerce/purchase/preview/`, request, { signal });
}

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

/** `captchaToken`: a solved captcha, once the server asked for one (CAPTCHA_REQUIRED after a few declines). */
export function tokenizeCard(card: { number: string; expMonth: number; expYear: number; cvc: string; name: string }, captchaToken?: string | null) {
  return postJson<CardToken>("/api/payments/sandbox/tokenize", captchaToken ? { ...card, captchaToken } : card);
}

/** What postJson answers when the request never got an answer (the spec's helper calls it a 500). */
const isNetworkFailure = (error: ApiError) => error.status === 500 && error.message === NETWORK_FAILED;

/**
 * A purchase whose answer was lost: a dropped connection, or a proxy's 502, 503 or 504 while a process restarted or
 * died. The order may or may not have been written; the same Idempotency-Key sent again returns it if it was, and
 * places it once if not (issue 37). Any other answer is the server's own and is final.
 */
export const PURCHASE_RETRY_DELAYS_MS = [500, 1500, 3000] as const;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export function mayRetryPurchase(result: ApiResult<unknown>): boolean {
  return !result.ok && (isNetworkFailure(result.error) || RETRYABLE_STATUSES.has(result.error.status));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `onRetry(n)`: the n-th retry is about to be sent (the form tells the shopper it is still trying). */
export async function placeOrder(body: unknown, idempotencyKey: string, onRetry?: (retry: number) => void, wait = pause) {
  for (let retry = 0; ; retry++) {
    const result = await postJson<{ order: OrderSummary }>("/api/purchase", body, { headers: { "Idempotency-Key": idempotencyKey } });
    const delay = PURCHASE_RETRY_DELAYS_MS[retry];
    if (!mayRetryPurchase(result) || delay === undefined) return result;
    onRetry?.(retry + 1);
    await wait(delay);
  }
}
