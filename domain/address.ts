/** Shipping address rules and the shared messages of SPEC.md section 5. No zod: the checkout form uses these too. */
import { addressWords, REGION_MAX_LENGTH } from "./address-words";
import { isCountryCode } from "./countries";
export interface Address {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone?: string;
}

export type AddressField = keyof Address;

export const ADDRESS_MESSAGES = {
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name.",
  fullName: "Please enter your full name.",
  address1: "Please enter your street address.",
  city: "Please enter your city.",
  country: "Please choose your country.",
  /** The shared words where no country is known; an address's own country words come from addressWords. */
  region: "Please choose your state or region.",
  postalCode: "Please enter a valid zip code.",
  phone: "Please enter a valid phone number",
  healthCertification: "Please confirm the health certification to continue.",
} as const;

export const HEALTH_CERTIFICATION_QUESTION =
  "I confirm I am 18 or older, not pregnant or nursing, and will check with my doctor if I take medication or have a medical condition.";

/** For an order of the pediatric product only: the buyer is not the one who takes it. */
export const PEDIATRIC_CERTIFICATION_QUESTION =
  "I confirm I am the parent or legal guardian of the child aged 3 to 17 who will take PDS-08®, and will check with their doctor if they take medication or have a medical condition.";

/** For an order with the pediatric product and an adult one. */
export const MIXED_CERTIFICATION_QUESTION =
  "I confirm I am 18 or older, not pregnant or nursing, and will check with my doctor if I take medication or have a medical condition; and that I am the parent or legal guardian of the child aged 3 to 17 who will take PDS-08®, and will check with their doctor for them too.";

const isPediatric = (code: string) => code.startsWith("pds-");

/**
 * The health certification that fits the cart (SPEC.md section 5's shared message): an order of the pediatric
 * product alone asks about the child and their guardian, never whether the buyer is pregnant; adults' products ask
 * about the buyer; both together ask both.
 */
export function healthCertificationQuestion(codes: readonly string[]): string {
  const pediatric = codes.some(isPediatric);
  const adult = codes.some((code) => !isPediatric(code));
  if (pediatric && !adult) return PEDIATRIC_CERTIFICATION_QUESTION;
  if (pediatric && adult) return MIXED_CERTIFICATION_QUESTION;
  return HEALTH_CERTIFICATION_QUESTION;
}

export const US_STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
  "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI",
  "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR", "GU", "VI", "AS", "MP",
] as const;

export const CA_PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;

const POSTAL_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  AU: /^\d{4}$/,
};
const ANY_POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** Letters (any script), spaces, apostrophes, hyphens and dots: names people really have. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]{0,49}$/u;

export function isValidPhone(value: string): boolean {
  const digits = value.replace(/[\s().+-]/g, "");
  return /^\d{7,15}$/.test(digits);
}

/** The words for a field's problem: the postal code and region speak the address's country (domain/address-words). */
function messageFor(field: AddressField, country: string): string {
  if (field === "postalCode") return addressWords(country).postalMessage;
  if (field === "region") return addressWords(country).regionMessage;
  return ADDRESS_MESSAGES[field as keyof typeof ADDRESS_MESSAGES];
}

/** The first problem with an address, as the field and the words to show, or null when it can be shipped to. */
export function addressProblem(a: Address): { field: AddressField; message: string } | null {
  const country = a.country.trim().toUpperCase();
  const checks: [AddressField, boolean][] = [
    ["firstName", NAME.test(a.firstName.trim())],
    ["lastName", NAME.test(a.lastName.trim())],
    ["address1", a.address1.trim().length >= 3 && a.address1.length <= 100],
    ["city", a.city.trim().length >= 2 && a.city.length <= 60],
    ["country", isCountryCode(country)],
    ["region", regionOk(country, a.region.trim().toUpperCase())],
    ["postalCode", (POSTAL_PATTERNS[country] ?? ANY_POSTAL).test(a.postalCode.trim())],
    ["phone", !a.phone || a.phone.trim() === "" || isValidPhone(a.phone)],
  ];
  const failed = checks.find(([, ok]) => !ok);
  return failed ? { field: failed[0], message: messageFor(failed[0], country) } : null;
}

function regionOk(country: string, region: string): boolean {
  if (country === "US") return (US_STATES as readonly string[]).includes(region);
  if (country === "CA") return (CA_PROVINCES as readonly string[]).includes(region);
  return region.length <= REGION_MAX_LENGTH;
}
