import { useCallback, useMemo, useState } from "react";
import type { ProductCode } from "../../../domain/catalog";
import { offersFrom, type PageCatalog } from "../../../domain/offers";
import type { PlanView } from "../../../domain/plans";
import { rememberCountry } from "./country";
import { fetchPlansFor } from "./plans-client";

/**
 * Offers priced for the shopper's country. Starts from the server's plans; when the shopper picks another
 * country the plans are refetched (cached 10 minutes) and the same domain function prices them again.
 */
export function useCountryOffers(codes: readonly ProductCode[], catalog: PageCatalog, initialCountry: string) {
  const [state, setState] = useState<{ country: string; plans: PlanView[] }>({ country: initialCountry, plans: catalog.plans });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const changeCountry = useCallback(async (country: string) => {
    rememberCountry(country);
    setLoading(true);
    setError(null);
    try {
      setState({ country, plans: await fetchPlansFor(country) });
    } catch {
      setError("We could not load prices for that country. Please try again.");
    } finally {
      setLoading(false);
    }
  }, []);

  const offers = useMemo(
    () => offersFrom(codes, { ...catalog, plans: state.plans }, state.country),
    [codes, catalog, state],
  );
  return { offers, country: state.country, changeCountry, loading, error };
}
