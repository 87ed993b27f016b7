import { ShopError } from "../../../domain/errors";
import { currencyForCountry, usesAltCurrencyPlans } from "../../../domain/locale";
import type { PlanView, PriceList } from "../../../domain/plans";
import type { Shop } from "../../shop";
import { currenciesOf, listPlans } from "./plans";

/** The price list and currency a shopper in a country buys with. */
export function priceListFor(country: string): { priceList: PriceList; currency: string } {
  return { priceList: usesAltCurrencyPlans(country) ? "international" : "domestic", currency: currencyForCountry(country) };
}

/**
 * Plans of a price list in a currency. A currency we have no prices for is an error, never a fallback
 * to another currency's (possibly cheaper) numbers.
 */
export async function plansIn(shop: Shop, priceList: PriceList, currency: string): Promise<PlanView[]> {
  const known = await currenciesOf(shop, priceList);
  if (!known.includes(currency)) throw new ShopError("UNSUPPORTED_CURRENCY");
  return listPlans(shop, priceList, currency);
}

export function plansForCountry(shop: Shop, country: string): Promise<PlanView[]> {
  const { priceList, currency } = priceListFor(country);
  return plansIn(shop, priceList, currency);
}
