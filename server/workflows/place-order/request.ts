import { createHash } from "node:crypto";
import { addressProblem, ADDRESS_MESSAGES } from "../../../domain/address";
import type { PurchaseRequest } from "../../../domain/checkout";
import { ShopError } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import { isValidEmail } from "../../../domain/validation";

/** Placing an order, the request: input checks, and the hashes that make a retry answer the first order (ADR 0006). */

/** Input problems answered before anything is claimed or charged. */
export function checkRequest(request: PurchaseRequest): void {
  if (!isValidEmail(request.email)) throw new ShopError("VALIDATION_ERROR", MESSAGES.invalidEmail);
  if (!request.healthCertification) throw new ShopError("VALIDATION_ERROR", ADDRESS_MESSAGES.healthCertification);
  const problem = addressProblem(request.shippingAddress);
  if (problem) throw new ShopError("BILLING_VALIDATION_ERROR", problem.message);
}

/**
 * What makes two requests "the same order": everything but the one-time card token and captcha token, which the
 * browser makes anew on every submit (a retry after a lost answer must find the order, not make another).
 */
export function requestHashOf(request: PurchaseRequest): string {
  const payment = "token" in request.payment ? { card: "new" } : request.payment;
  return hashOf({ ...request, payment, captchaToken: undefined });
}

function hashOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/** The same shopper and the same cart to the same address: what counts as "placing the same order again". */
export function fingerprintOf(request: PurchaseRequest): string {
  const items = Object.entries(request.items)
    .map(([code, qty]) => `${code.trim().toLowerCase()}:${qty}`)
    .sort();
  const coupons = request.couponCodes.map((c) => c.trim().toUpperCase()).sort();
  const { country, postalCode } = request.shippingAddress;
  return hashOf([request.email.toLowerCase(), items, coupons, country.toUpperCase(), postalCode.replace(/\s/g, "").toUpperCase()]);
}
