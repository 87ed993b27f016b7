/**
 * What an address's postal code and region are called where the shopper lives, and the words of their errors.
 * One table for the checkout's labels, the browser's checks and the server's {code, message}, so a UK shopper is
 * never asked for a "zip code". SPEC.md section 5 names shared messages for "region" and "zip code"; their words per
 * country are ours.
 */
export interface AddressWords {
  /** The postal code field's label: "ZIP code", "Postcode", "Eircode", "Postal code". */
  postalLabel: string;
  /** The region field's label: "State", "Province", "County", "Prefecture", "State or region". */
  regionLabel: string;
  /** Said when the postal code does not fit the country's form. */
  postalMessage: string;
  /** Said when the region is missing (where it is chosen from a list) or too long (where it is free text). */
  regionMessage: string;
}

/** Regions longer than this are refused where the region is free text. */
export const REGION_MAX_LENGTH = 50;

/** Countries whose region is chosen from a list (domain/address checks the code): the region is required there. */
const LISTED_REGIONS = new Set(["US", "CA"]);

/** Per country of COUNTRY_CHOICES we ship to: its words for the two fields (in English, the shop's language). */
const WORDS: Record<string, { postal: string; region: string }> = {
  US: { postal: "ZIP code", region: "State" },
  CA: { postal: "Postal code", region: "Province" },
  GB: { postal: "Postcode", region: "County" },
  IE: { postal: "Eircode", region: "County" },
  AU: { postal: "Postcode", region: "State" },
  NZ: { postal: "Postcode", region: "Region" },
  MX: { postal: "Postal code", region: "State" },
  IT: { postal: "Postal code", region: "Province" },
  ES: { postal: "Postal code", region: "Province" },
  NL: { postal: "Postcode", region: "Province" },
  BE: { postal: "Postcode", region: "Province" },
  JP: { postal: "Postal code", region: "Prefecture" },
  CH: { postal: "Postcode", region: "Canton" },
};
const DEFAULT_WORDS = { postal: "Postal code", region: "State or region" };

/** "ZIP code" keeps its capitals in a sentence; every other word is lower case mid-sentence. */
const inSentence = (label: string) => (label.startsWith("ZIP") ? label : label.toLowerCase());

export function addressWords(country: string): AddressWords {
  const code = country.trim().toUpperCase();
  const { postal, region } = WORDS[code] ?? DEFAULT_WORDS;
  return {
    postalLabel: postal,
    regionLabel: region,
    postalMessage: `Please enter a valid ${inSentence(postal)}.`,
    regionMessage: LISTED_REGIONS.has(code)
      ? `Please choose your ${inSentence(region)}.`
      : `Please shorten your ${inSentence(region)} to ${REGION_MAX_LENGTH} characters.`,
  };
}

/** The region is required only where it is chosen from a list; elsewhere it is optional free text. */
export function regionIsListed(country: string): boolean {
  return LISTED_REGIONS.has(country.trim().toUpperCase());
}
