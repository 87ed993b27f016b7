import type { Currency } from "./money";

/** Country and region rules of SPEC.md sections 5 and 9. */
export const DEFAULT_COUNTRY = "US";
export const DEFAULT_REGION = "XX";
export const UNKNOWN = "UNKNOWN";

/** A country code is accepted only if shorter than 4 characters and not UNKNOWN; otherwise the default applies. */
export function acceptCountry(code: string | null | undefined): string {
  const value = (code ?? "").trim().toUpperCase();
  return value.length > 0 && value.length < 4 && value !== UNKNOWN ? value : DEFAULT_COUNTRY;
}

export function acceptRegion(code: string | null | undefined): string {
  const value = (code ?? "").trim().toUpperCase();
  return value.length > 0 && value.length < 4 && value !== UNKNOWN ? value : DEFAULT_REGION;
}

export const EURO_COUNTRIES = [
  "AT", "BE", "CY", "EE", "FI", "FR", "DE", "GR", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PT", "SK", "SI", "ES",
] as const;

const CURRENCY_BY_COUNTRY: Record<string, Currency> = { US: "USD", GB: "GBP", MX: "MXN", SG: "SGD", AU: "AUD" };

/** SPEC.md section 9: US USD, GB GBP, MX MXN, SG SGD, AU AUD, the euro countries EUR; every other country USD. */
export function currencyForCountry(country: string): Currency {
  const code = acceptCountry(country);
  if ((EURO_COUNTRIES as readonly string[]).includes(code)) return "EUR";
  return CURRENCY_BY_COUNTRY[code] ?? "USD";
}

/** Shoppers outside the US buy from the alternate-currency plans (the international price list), even in USD. */
export function usesAltCurrencyPlans(country: string): boolean {
  return acceptCountry(country) !== "US";
}

/** The first acceptable country among candidates (query, stored choice, CDN guess), else the US default. */
export function pickCountry(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) {
    const value = (candidate ?? "").trim().toUpperCase();
    if (/^[A-Z]{2,3}$/.test(value) && value !== UNKNOWN) return value;
  }
  return DEFAULT_COUNTRY;
}

/** Countries a shopper can pick on product pages (we ship to more; these cover each currency and our main markets). */
export const COUNTRY_CHOICES = [
  "US", "CA", "GB", "IE", "DE", "FR", "ES", "IT", "NL", "BE", "AT", "PT", "FI", "GR", "LU", "MT", "CY", "EE", "LV", "LT",
  "SK", "SI", "AU", "NZ", "MX", "SG", "JP", "CH", "SE", "DK", "NO",
] as const;
