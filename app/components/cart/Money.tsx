import { cents, formatMoney, localeFor, type Currency } from "../../../domain/money";

/** An amount in minor units of a currency, formatted for the shopper's country; zero reads "Free" where asked. */
export function Money({ amount, currency, country, freeWhenZero = false, className }: { amount: number; currency: Currency; country: string; freeWhenZero?: boolean; className?: string }) {
  if (freeWhenZero && amount === 0) return <span className={className}>Free</span>;
  return <span className={className}>{formatMoney({ amount: cents(amount), currency }, localeFor(country))}</span>;
}
