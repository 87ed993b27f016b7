/** Feature flags of SPEC.md section 3. Only data-ape-cart defaults to true. */
export const FLAG_NAMES = [
  "data-redesign",
  "data-ape-cart",
  "data-ape-checkout",
  "data-auto-proceed-cc-fields",
  "data-quiz-email-optional",
  "data-multiselect-experiment-checkout",
  "data-checkout-shipping-fees-v2",
  "data-discount-surprise-delight-test",
  "data-is-quiz-lp-control",
  "data-is-apple-pay-variant-2",
  "data-glass-jar",
  "data-display-international-currency",
  "data-cart-redesign-variant-1",
  "data-cart-redesign-variant-2",
] as const;

export type FlagName = (typeof FLAG_NAMES)[number];
export type Flags = Record<FlagName, boolean>;

export const DEFAULT_FLAGS: Flags = Object.fromEntries(
  FLAG_NAMES.map((name) => [name, name === "data-ape-cart"]),
) as Flags;

export function isFlagName(value: string): value is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(value);
}

/**
 * Reads overrides written as "data-redesign=true,data-ape-cart=false" (a bare name means true).
 * Unknown names and values are ignored, so a typo never breaks a page.
 */
export function parseFlagOverrides(text: string | null | undefined): Partial<Flags> {
  const overrides: Partial<Flags> = {};
  for (const part of (text ?? "").split(",")) {
    const [rawName, rawValue] = part.split("=").map((s) => s.trim().toLowerCase());
    if (!rawName || !isFlagName(rawName)) continue;
    if (rawValue === undefined || rawValue === "true" || rawValue === "1") overrides[rawName] = true;
    else if (rawValue === "false" || rawValue === "0") overrides[rawName] = false;
  }
  return overrides;
}

/** Defaults, then each layer of overrides in order (operator settings, then the visitor's preview cookie). */
export function resolveFlags(...layers: Partial<Flags>[]): Flags {
  return Object.assign({}, DEFAULT_FLAGS, ...layers);
}
