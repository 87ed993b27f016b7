import { AMOUNT_PROPERTIES } from "./events";

/** Analytics reports in one currency (SPEC.md section 7). */
export const ANALYTICS_CURRENCY = "USD";

/** A dated rate: how many millionths of a US dollar one unit of `currency` was worth from `effectiveOn` (YYYY-MM-DD). */
export interface UsdRate {
  currency: string;
  usdMicrosPerUnit: number;
  effectiveOn: string;
}

/** One amount in major units to USD, rounded to the cent once. */
export function toUsd(amount: number, rate: UsdRate): number {
  return Math.round((Math.round(amount * 100) * rate.usdMicrosPerUnit) / 1_000_000) / 100;
}

/**
 * An event's properties in USD: every amount converted with the rate dated on or before the event, the original
 * currency and rate kept beside them. Without a currency, in USD already, or without a known rate: unchanged, and
 * a missing rate is flagged so a report can tell.
 */
export function propertiesInUsd(properties: Record<string, unknown>, rate: UsdRate | null): Record<string, unknown> {
  const currency = properties.currency;
  if (typeof currency !== "string" || currency === ANALYTICS_CURRENCY) return properties;
  if (!rate || rate.currency !== currency) return { ...properties, usd_rate_missing: true };
  const converted: Record<string, unknown> = { ...properties, currency: ANALYTICS_CURRENCY, original_currency: currency, usd_rate_date: rate.effectiveOn };
  for (const key of AMOUNT_PROPERTIES) {
    const value = properties[key];
    if (typeof value === "number") {
      converted[key] = toUsd(value, rate);
      converted[`original_${key}`] = value;
    }
  }
  return converted;
}

/** The rates file in content/ (dollars per unit written as a decimal string, so no float reaches the table). */
export interface RateSeed {
  currency: string;
  effectiveOn: string;
  usdPerUnit: string;
}

export function rateFromSeed(seed: RateSeed): UsdRate {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(seed.usdPerUnit);
  if (!match || !/^[A-Z]{3}$/.test(seed.currency) || !/^\d{4}-\d{2}-\d{2}$/.test(seed.effectiveOn)) {
    throw new Error(`Bad analytics rate ${JSON.stringify(seed)}`);
  }
  const micros = Number(match[1]) * 1_000_000 + Number((match[2] ?? "").padEnd(6, "0"));
  return { currency: seed.currency, effectiveOn: seed.effectiveOn, usdMicrosPerUnit: micros };
}
