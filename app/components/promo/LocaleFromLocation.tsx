import { useEffect } from "react";
import { acceptCountry, acceptRegion } from "../../../domain/locale";
import { COUNTRY_STORAGE_KEY, REGION_STORAGE_KEY } from "../../../domain/storage-keys";

/**
 * On a first visit (nothing stored), asks GET /api/auth/location and keeps the answer under seed_country_code and
 * seed_region_code, with SPEC.md's defaults (US, XX) for unknown values. Only local storage: the country cookie
 * is set when a shopper picks a country, so anonymous pages stay cacheable.
 */
export function LocaleFromLocation() {
  useEffect(() => {
    try {
      if (localStorage.getItem(COUNTRY_STORAGE_KEY)) return;
    } catch {
      return;
    }
    fetch("/api/auth/location", { headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? res.json() : { country: "UNKNOWN", region: "UNKNOWN" }))
      .catch(() => ({ country: "UNKNOWN", region: "UNKNOWN" }))
      .then((loc: { country?: string; region?: string }) => {
        localStorage.setItem(COUNTRY_STORAGE_KEY, acceptCountry(loc.country));
        localStorage.setItem(REGION_STORAGE_KEY, acceptRegion(loc.region));
      })
      .catch(() => undefined);
  }, []);
  return null;
}
