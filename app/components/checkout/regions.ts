import { CA_PROVINCES, US_STATES } from "../../../domain/address";
import { addressWords } from "../../../domain/address-words";

/** Names for the state and province codes of domain/address, so shoppers pick "Oregon", not "OR". */
const US_STATE_NAMES: Record<(typeof US_STATES)[number], string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
  PR: "Puerto Rico", GU: "Guam", VI: "U.S. Virgin Islands", AS: "American Samoa", MP: "Northern Mariana Islands",
};

const CA_PROVINCE_NAMES: Record<(typeof CA_PROVINCES)[number], string> = {
  AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick", NL: "Newfoundland and Labrador",
  NS: "Nova Scotia", NT: "Northwest Territories", NU: "Nunavut", ON: "Ontario", PE: "Prince Edward Island",
  QC: "Quebec", SK: "Saskatchewan", YT: "Yukon",
};

export interface RegionChoice {
  code: string;
  name: string;
}

/** The choices for the region field, or null where it is free text (and optional). */
export function regionChoices(country: string): { label: string; choices: RegionChoice[] } | null {
  const byName = (a: RegionChoice, b: RegionChoice) => a.name.localeCompare(b.name);
  const label = addressWords(country).regionLabel;
  if (country === "US") return { label, choices: US_STATES.map((code) => ({ code, name: US_STATE_NAMES[code] })).sort(byName) };
  if (country === "CA") return { label, choices: CA_PROVINCES.map((code) => ({ code, name: CA_PROVINCE_NAMES[code] })).sort(byName) };
  return null;
}

/** What the zip field is called where the shopper lives (domain/address-words: the server's messages use the same). */
export function postalLabel(country: string): string {
  return addressWords(country).postalLabel;
}

/** What the free-text region field is called where the shopper lives: "County" in the UK, "State" in Australia. */
export function regionLabel(country: string): string {
  return addressWords(country).regionLabel;
}
