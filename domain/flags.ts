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

/** Defaults, then each layer of overrides in order. Private to this file: callers name the kind they build (ADR 0080). */
function resolveFlags(...layers: Partial<Flags>[]): Flags {
  return Object.assign({}, DEFAULT_FLAGS, ...layers);
}

declare const operatorKind: unique symbol;
declare const visitorKind: unique symbol;

/**
 * The shop's own flags: defaults, FEATURE_FLAGS, then the operator's console defaults. Nothing a visitor sends reaches
 * them, so code deciding a price, a fee or a permission takes these (ADR 0080).
 */
export type OperatorFlags = Flags & { readonly [operatorKind]: true };

/**
 * What one visitor's pages show: the operator's flags, then the member's experiment variants, then the seed_flags
 * preview cookie (SPEC.md section 3, money flags left out). For display only: not assignable to OperatorFlags.
 */
export type VisitorFlags = Flags & { readonly [visitorKind]: true };

/** The one operator merge (the shop's pages, its pricing and the console's flags page all use it). */
export function operatorFlags(environment: string | null | undefined, consoleDefaults: Partial<Flags>): OperatorFlags {
  return resolveFlags(parseFlagOverrides(environment), consoleDefaults) as OperatorFlags;
}

/**
 * The flags a visitor's pages display: operator, then experiment variants, then the visitor's cookie. Named for what
 * it reads so a caller cannot mix in the cookie without saying so; money flags never come from the cookie.
 */
export function visitorPreviewFlags(operator: OperatorFlags, experiments: Readonly<Record<string, string>>, cookie: string | null | undefined): VisitorFlags {
  return resolveFlags(operator, experimentFlagOverrides(experiments), cookieFlagOverrides(cookie)) as VisitorFlags;
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

/**
 * The money flags of one shopper: the operator's flags, then the experiment variants the server assigned the member
 * (ADR 0062; a visitor cannot choose them). Takes OperatorFlags, so a visitor's cookie cannot reach a price (ADR 0080).
 */
export function pricingFlagsOf(operator: OperatorFlags, experiments: Readonly<Record<string, string>> = {}): PricingFlags {
  const flags = resolveFlags(operator, experimentFlagOverrides(experiments));
  return Object.fromEntries(MONEY_FLAGS.map((name) => [name, flags[name]])) as PricingFlags;
}

/** No money flag on: the prices and fees of SPEC.md as written. */
export const STANDARD_PRICING: PricingFlags = Object.fromEntries(MONEY_FLAGS.map((name) => [name, DEFAULT_FLAGS[name]])) as PricingFlags;

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

/** "cart_redesign: variant_1": the experiment variants that turn a flag on for their members (the console shows them). */
export function experimentVariantsSetting(name: FlagName): string[] {
  return Object.entries(EXPERIMENT_FLAGS).flatMap(([experiment, variants]) =>
    Object.entries(variants)
      .filter(([, overrides]) => overrides[name] !== undefined)
      .map(([variant]) => `${experiment}: ${variant}`),
  );
}
