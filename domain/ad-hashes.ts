/**
 * Advertising-match hashes (SPEC.md sections 3 and 5): SHA-256 hex of normalised values, computed with Web Crypto so
 * the browser and the server (Node 20's globalThis.crypto) run this same file. Zod-free.
 */
export const US_STATES: Readonly<Record<string, string>> = {
  alabama: "al", alaska: "ak", arizona: "az", arkansas: "ar", california: "ca", colorado: "co", connecticut: "ct",
  delaware: "de", districtofcolumbia: "dc", florida: "fl", georgia: "ga", hawaii: "hi", idaho: "id", illinois: "il",
  indiana: "in", iowa: "ia", kansas: "ks", kentucky: "ky", louisiana: "la", maine: "me", maryland: "md",
  massachusetts: "ma", michigan: "mi", minnesota: "mn", mississippi: "ms", missouri: "mo", montana: "mt",
  nebraska: "ne", nevada: "nv", newhampshire: "nh", newjersey: "nj", newmexico: "nm", newyork: "ny",
  northcarolina: "nc", northdakota: "nd", ohio: "oh", oklahoma: "ok", oregon: "or", pennsylvania: "pa",
  rhodeisland: "ri", southcarolina: "sc", southdakota: "sd", tennessee: "tn", texas: "tx", utah: "ut", vermont: "vt",
  virginia: "va", washington: "wa", westvirginia: "wv", wisconsin: "wi", wyoming: "wy", puertorico: "pr",
};
const STATE_CODES = new Set(Object.values(US_STATES));

/** Names and cities: lowercase letters only (spaces, digits, punctuation and accents' marks dropped). */
export function normaliseName(value: string): string {
  return value.normalize("NFD").toLowerCase().replace(/[^a-z]/g, "");
}
export const normaliseCity = normaliseName;

/** Email: trimmed and lowercased. */
export function normaliseEmailForHash(value: string): string {
  return value.trim().toLowerCase();
}

/** Phone: digits only without leading zeros, prefixed 1 (the US country code) when it does not start with 1 to 9. */
export function normalisePhone(value: string): string {
  const digits = value.replace(/\D/g, "").replace(/^0+/, "");
  if (digits === "") return "";
  return /^[1-9]/.test(digits) ? digits : `1${digits}`;
}

/** Zip: the first five characters, lowercase, without spaces or dashes. */
export function normaliseZip(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, "").slice(0, 5);
}

/** State: a US state's two-letter code (from its name or its code); other regions lowercase letters only. */
export function normaliseState(value: string): string {
  const letters = normaliseName(value);
  if (STATE_CODES.has(letters)) return letters;
  return US_STATES[letters] ?? letters;
}

export interface MatchFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  zipCode?: string | null;
  city?: string | null;
  state?: string | null;
}

export type MatchHashes = Partial<Record<"hashedFirstName" | "hashedLastName" | "hashedEmail" | "hashedPhone" | "hashedZipCode" | "hashedCity" | "hashedState", string>>;

const NORMALISERS: Record<keyof MatchFields, [keyof MatchHashes, (v: string) => string]> = {
  firstName: ["hashedFirstName", normaliseName],
  lastName: ["hashedLastName", normaliseName],
  email: ["hashedEmail", normaliseEmailForHash],
  phone: ["hashedPhone", normalisePhone],
  zipCode: ["hashedZipCode", normaliseZip],
  city: ["hashedCity", normaliseCity],
  state: ["hashedState", normaliseState],
};

export async function sha256Hex(value: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The advertising-match hash of one email (the newsletter's hashedEmail, the Email Submitted event's): one concept, one place. */
export function emailMatchHash(email: string): Promise<string> {
  return sha256Hex(normaliseEmailForHash(email));
}

/** The hashes of every field given; a field that normalises to nothing is left out rather than hashing "". */
export async function matchHashes(fields: MatchFields): Promise<MatchHashes> {
  const hashes: MatchHashes = {};
  for (const [field, [key, normalise]] of Object.entries(NORMALISERS) as [keyof MatchFields, (typeof NORMALISERS)[keyof MatchFields]][]) {
    const raw = fields[field];
    const normalised = raw ? normalise(raw) : "";
    if (normalised) hashes[key] = await sha256Hex(normalised);
  }
  return hashes;
}
