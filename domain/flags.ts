import { CART_REDESIGN, CHECKOUT_SHIPPING_FEES } from "./experiments";

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

/**
 * Flags that move money: a fee or a price. The server prices every cart (preview and place-order) from the shop's
 * own layers only (FEATURE_FLAGS, the operator's defaults, the member's experiment), so a visitor's preview cookie
 * can never set them: a cookie that could would let anyone pick their own price.
 */
export const MONEY_FLAGS = ["data-checkout-shipping-fees-v2", "data-discount-surprise-delight-test"] as const satisfies readonly FlagName[];
export type MoneyFlag = (typeof MONEY_FLAGS)[number];
/** What the pricing of a cart reads from the flags (domain/quote.ts). */
export type PricingFlags = Pick<Flags, MoneyFlag>;

export const isMoneyFlag = (name: FlagName): name is MoneyFlag => (MONEY_FLAGS as readonly FlagName[]).includes(name);

/** The preview cookie's overrides (seed_flags) without the money flags, which only the shop sets. */
export function cookieFlagOverrides(text: string | null | undefined): Partial<Flags> {
  const overrides = parseFlagOverrides(text);
  for (const name of MONEY_FLAGS) delete overrides[name];
  return overrides;
}

export function pricingFlagsOf(flags: Flags): PricingFlags {
  return Object.fromEntries(MONEY_FLAGS.map((name) => [name, flags[name]])) as PricingFlags;
}

/** No money flag on: the prices and fees of SPEC.md as written. */
export const STANDARD_PRICING: PricingFlags = pricingFlagsOf(DEFAULT_FLAGS);

/**
 * The flags an experiment's variant sets for its members (ADR 0062): experiment name, then variant, then overrides.
 * The control sets nothing, so a stopped experiment (left out of the member's map) changes nothing either.
 */
export const EXPERIMENT_FLAGS: Readonly<Record<string, Readonly<Record<string, Partial<Flags>>>>> = {
  [CART_REDESIGN]: {
    variant_1: { "data-cart-redesign-variant-1": true },
    variant_2: { "data-cart-redesign-variant-2": true },
  },
  [CHECKOUT_SHIPPING_FEES]: {
    fees_v2: { "data-checkout-shipping-fees-v2": true },
  },
};

/** The overrides of every experiment variant a member is served, in the order of EXPERIMENT_FLAGS. */
export function experimentFlagOverrides(experiments: Readonly<Record<string, string>>): Partial<Flags> {
  const overrides: Partial<Flags> = {};
  for (const [experiment, variants] of Object.entries(EXPERIMENT_FLAGS)) {
    const variant = experiments[experiment];
    if (variant && Object.hasOwn(variants, variant)) Object.assign(overrides, variants[variant]);
  }
  return overrides;
}

/** Where the flags of one shopper come from, lowest first; the cookie layer never carries a money flag. */
export interface FlagLayers {
  /** FEATURE_FLAGS of the process's environment. */
  environment: string | null | undefined;
  /** Defaults an operator set on the console's flags page. */
  operator: Partial<Flags>;
  /** The experiment variants the member is served (empty for a guest). */
  experiments: Readonly<Record<string, string>>;
  /** The visitor's seed_flags cookie; null where the flags price money (the server's pricing). */
  cookie: string | null | undefined;
}

/** Defaults → environment → operator → experiment variant → the visitor's cookie (money flags left out of it). */
export function shopperFlags(layers: FlagLayers): Flags {
  return resolveFlags(parseFlagOverrides(layers.environment), layers.operator, experimentFlagOverrides(layers.experiments), cookieFlagOverrides(layers.cookie));
}

/** "cart_redesign: variant_1": the experiment variants that turn a flag on for their members (the console shows them). */
export function experimentVariantsSetting(name: FlagName): string[] {
  return Object.entries(EXPERIMENT_FLAGS).flatMap(([experiment, variants]) =>
    Object.entries(variants)
      .filter(([, overrides]) => overrides[name] !== undefined)
      .map(([variant]) => `${experiment}: ${variant}`),
  );
}
