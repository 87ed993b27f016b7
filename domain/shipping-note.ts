import { cents, formatMoney, localeFor, type Currency, type Money } from "./money";
import type { PricingFlags } from "./flags";
import { defaultShippingMethod, shippingFee, shippingFeeTable } from "./shipping";
import type { PlanCode } from "./plans";

/**
 * The plain words that tell a shopper outside the US, before checkout, what they will pay in and what shipping costs
 * (issue 34, point 13). The amounts are never computed here: the fee is domain/shipping's, the one the quote and the
 * server's preview charge, and it is stated in the currency of the plans the shopper is priced with.
 */

/** Country names that read with "the" in a sentence ("Shipping to the United Kingdom"). */
const WITH_THE = new Set(["GB", "US", "NL", "PH", "AE", "CZ", "DO", "BS", "GM", "KY", "MV", "MH", "SB", "VA", "CF", "KM", "CD", "CG", "FK", "FO", "TC", "VG", "VI", "MP"]);

/** "the United Kingdom", "Germany": a country's English name as it reads mid-sentence. */
export function countryInSentence(country: string): string {
  const code = country.trim().toUpperCase();
  let name = code;
  try {
    name = new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    // not a region code Intl knows: the code itself
  }
  return WITH_THE.has(code) ? `the ${name}` : name;
}

/** What each currency the shop sells in is called, with the symbol its prices carry. */
const CURRENCY_WORDS: Record<Currency, string> = {
  USD: "US dollars ($)",
  GBP: "pounds (£)",
  EUR: "euros (€)",
  MXN: "Mexican pesos (MX$)",
  SGD: "Singapore dollars (S$)",
  AUD: "Australian dollars (A$)",
};

export function currencyWords(currency: Currency): string {
  return CURRENCY_WORDS[currency];
}

/** A fee in the sentence's style: "£10", "£10.50", "free". */
export function feeWords(fee: Money, country: string): string {
  return fee.amount === 0 ? "free" : formatMoney(fee, localeFor(country), { dropZeroCents: true });
}

/** "Shipping to the United Kingdom: you pay in pounds (£), shipping £10." The same sentence on product page and cart. */
export function shippingNote(country: string, fee: Money): string {
  return `Shipping to ${countryInSentence(country)}: you pay in ${currencyWords(fee.currency)}, shipping ${feeWords(fee, country)}.`;
}

/** Shoppers in the US pay in dollars with free standard shipping: they need no note. */
export function needsShippingNote(country: string): boolean {
  return country.trim().toUpperCase() !== "US";
}

/**
 * The standard shipping of one plan to a country, in the plan's currency: what checkout's preview adds for a cart of
 * that plan alone (its default method, SPEC.md section 9's fee and free-shipping plans, and the fee table the shop's
 * money flags choose: ADR 0062's data-checkout-shipping-fees-v2).
 */
export function planShippingFee(country: string, planCode: PlanCode | null, currency: Currency, pricing: PricingFlags): Money {
  return { amount: cents(shippingFee(defaultShippingMethod(country), country, [planCode], shippingFeeTable(pricing))), currency };
}
