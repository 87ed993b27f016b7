/**
 * Money is an integer number of minor units plus an ISO currency code, everywhere (ARCHITECTURE.md).
 * Only the UI edge formats it.
 */
declare const CentsBrand: unique symbol;
/** An integer amount of a currency's minor units (cents, pence...). */
export type Cents = number & { readonly [CentsBrand]: true };

export const CURRENCIES = ["USD", "GBP", "EUR", "MXN", "SGD", "AUD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  amount: Cents;
  currency: Currency;
}

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of minor units: ${value}`);
  return value as Cents;
}

export const ZERO = cents(0);

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

export function sumCents(values: readonly number[]): Cents {
  return cents(values.reduce((a, b) => a + b, 0));
}

/** Major units (49.99) to minor units (4999), rounding away float noise. Every currency here has 2 decimals. */
export function fromMajor(major: number): Cents {
  return cents(Math.round(major * 100));
}

export function toMajor(amount: number): number {
  return amount / 100;
}

/** Formatters made once per locale, currency and decimals: making one costs far more than formatting with it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$49.99", "£44.99", "49,99 €". Whole amounts drop the decimals only when asked. */
export function formatMoney(money: Money, locale = "en-US", options: { dropZeroCents?: boolean } = {}): string {
  const whole = options.dropZeroCents && money.amount % 100 === 0;
  const key = `${locale}|${money.currency}|${whole ? 0 : 2}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = whole ? 0 : 2;
    format = new Intl.NumberFormat(locale, { style: "currency", currency: money.currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, format);
  }
  return format.format(toMajor(money.amount));
}

/** The locale used to format a currency for a country's shoppers. */
export function localeFor(country: string): string {
  const byCountry: Record<string, string> = { US: "en-US", GB: "en-GB", MX: "es-MX", SG: "en-SG", AU: "en-AU", CA: "en-CA", DE: "de-DE", FR: "fr-FR", ES: "es-ES", IT: "it-IT", NL: "nl-NL", IE: "en-IE" };
  return byCountry[country] ?? "en-US";
}
