import type { Flags } from "../../../domain/flags";

/**
 * The cart page's layout (ADR 0062): standard; summary-first (data-cart-redesign-variant-1: totals and Checkout come
 * before the lines, first in reading order too, not only on screen); compact (data-cart-redesign-variant-2: denser
 * lines, smaller pictures). Were both on, the first variant shows: one layout at a time, so results stay readable.
 */
export type CartDesign = "standard" | "summary-first" | "compact";

export function cartDesignFor(flags: Pick<Flags, "data-cart-redesign-variant-1" | "data-cart-redesign-variant-2">): CartDesign {
  if (flags["data-cart-redesign-variant-1"]) return "summary-first";
  if (flags["data-cart-redesign-variant-2"]) return "compact";
  return "standard";
}
