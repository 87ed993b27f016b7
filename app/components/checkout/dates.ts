import { localeFor } from "../../../domain/money";

/**
 * "28 February 2027" in the shopper's country's way. UTC: the server and the browser must print the same day, and
 * billing runs on UTC dates.
 */
export function formatLongDate(date: string | Date, country: string): string {
  return new Intl.DateTimeFormat(localeFor(country), { dateStyle: "long", timeZone: "UTC" }).format(new Date(date));
}

/** "Thu, Dec 3" in the shopper's country's way (UTC, as above). */
export function formatShortDate(date: string | Date, country: string): string {
  return new Intl.DateTimeFormat(localeFor(country), { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(date));
}
