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

export const COUNTRY_STORAGE_KEY = "seed_country_code";
export const REGION_STORAGE_KEY = "seed_region_code";
