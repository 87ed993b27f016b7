import { COUNTRY_STORAGE_KEY, REGION_STORAGE_KEY } from "../../../domain/storage-keys";
import { cookieString } from "../../../domain/cookie-string";

const YEAR_S = 60 * 60 * 24 * 365;

/**
 * Remembers the shopper's country where SPEC.md keeps it (local storage seed_country_code / seed_region_code)
 * and in a cookie of the same name, so the server prices the next page in the right currency.
 */
export function rememberCountry(country: string, region = "XX"): void {
  try {
    localStorage.setItem(COUNTRY_STORAGE_KEY, country);
    localStorage.setItem(REGION_STORAGE_KEY, region);
  } catch {
    // storage blocked: the cookie still carries the choice
  }
  document.cookie = cookieString(COUNTRY_STORAGE_KEY, encodeURIComponent(country), { maxAgeS: YEAR_S, protocol: location.protocol });
}
