import { UNKNOWN } from "../../domain/locale";

/**
 * Country and region from the headers a CDN or load balancer adds in front of the shop.
 * There is no IP database here: without such a header the answer is UNKNOWN, as SPEC.md says for a failed lookup.
 */
const COUNTRY_HEADERS = ["cf-ipcountry", "cloudfront-viewer-country", "x-vercel-ip-country", "x-country-code"];
const REGION_HEADERS = ["cf-region-code", "cloudfront-viewer-country-region", "x-vercel-ip-country-region", "x-region-code"];

const clean = (value: string | null | undefined) => {
  const v = (value ?? "").trim().toUpperCase();
  return /^[A-Z0-9]{1,3}$/.test(v) && v !== "XX" && v !== "T1" ? v : null;
};

export function locate(headers: Headers): { country: string; region: string } {
  const first = (names: string[]) => names.map((n) => clean(headers.get(n))).find(Boolean) ?? null;
  return { country: first(COUNTRY_HEADERS) ?? UNKNOWN, region: first(REGION_HEADERS) ?? UNKNOWN };
}
