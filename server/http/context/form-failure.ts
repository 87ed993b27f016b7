import type { Context } from "hono";
import { ShopError, toShopError } from "../../../domain/errors";
import type { AppEnv } from "../types";

/** A page form that did not go through: the status and message to show, and the wait a 429 asks (Retry-After). */
export interface FormFailure {
  ok: false;
  status: number;
  message: string;
  retryAfterSeconds?: number;
}

/**
 * A page form's post from our own origin. sameOriginWrites (server/app.ts) already refuses other sites for every
 * route; the page forms check again because their action runs inside the page render, where a refusal is a message.
 */
export function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  return origin === undefined || origin === new URL(c.req.url).origin;
}

/** A refused post as a page form shows it: the shop's message, with its wait when rate limited. Rethrows a 5xx. */
export function formFailureOf(error: unknown): FormFailure {
  const shopError = error instanceof ShopError ? error : toShopError(error);
  if (shopError.status >= 500) throw error;
  const failure: FormFailure = { ok: false, status: shopError.status, message: shopError.message };
  if (shopError.retryAfterSeconds !== undefined) failure.retryAfterSeconds = shopError.retryAfterSeconds;
  return failure;
}

/** A refusal from another site, as a page form shows it. */
export const crossSiteFailure = (): FormFailure => ({ ok: false, status: 403, message: new ShopError("FORBIDDEN").message });
