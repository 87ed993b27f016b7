import { usesAltCurrencyPlans, currencyForCountry } from "../../../domain/locale";
import type { PlanView } from "../../../domain/plans";
import { PLAN_CACHE_MS } from "../../../domain/pricing";

/** Plans fetched by the browser, kept for 10 minutes per price list and currency (SPEC.md section 7). */
const cache = new Map<string, { at: number; plans: Promise<PlanView[]> }>();

export function plansUrl(country: string): string {
  return usesAltCurrencyPlans(country) ? `/api/external/plans-alt-currency/${currencyForCountry(country)}/` : "/api/external/plans/";
}

export function fetchPlansFor(country: string, now = Date.now()): Promise<PlanView[]> {
  const url = plansUrl(country);
  const hit = cache.get(url);
  if (hit && now - hit.at < PLAN_CACHE_MS) return hit.plans;
  const plans = fetch(url, { headers: { Accept: "application/json" } }).then(async (res) => {
    if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
    return (await res.json()) as PlanView[];
  });
  plans.catch(() => cache.delete(url)); // a failure is not cached
  cache.set(url, { at: now, plans });
  return plans;
}

export function clearPlansCache(): void {
  cache.clear();
}
