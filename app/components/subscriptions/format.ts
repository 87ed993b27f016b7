import { cents, formatMoney, localeFor, type Currency } from "../../../domain/money";

/** Dates of the portal: written out, in UTC like the billing schedule, so the page and the emails agree. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

export function formatDayTime(iso: string): string {
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

export function money(amount: number, currency: string, country: string): string {
  return formatMoney({ amount: cents(amount), currency: currency as Currency }, localeFor(country));
}

export function billingEvery(months: number | null): string {
  if (!months) return "one time";
  return months === 1 ? "every month" : `every ${months} months`;
}
