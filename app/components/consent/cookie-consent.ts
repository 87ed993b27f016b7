import { COOKIE_CONSENT_STORAGE_KEY } from "../../../domain/storage-keys";
import { readStorage, writeStorage } from "../../lib/storage";

/** The consent categories of the Cookie Preferences popup, by their consent-manager ids. */
export const CONSENT_CATEGORIES = [
  {
    id: "C0001",
    label: "Strictly Necessary Cookies",
    description: "Needed for the site to work: your cart, sign-in and security. They cannot be switched off.",
    required: true,
  },
  {
    id: "C0002",
    label: "Performance Cookies",
    description: "Count visits and traffic sources so we can measure and improve the site.",
    required: false,
  },
  {
    id: "C0003",
    label: "Functional Cookies",
    description: "Remember choices you make, such as your country, to personalise the site.",
    required: false,
  },
  {
    id: "C0004",
    label: "Targeting Cookies",
    description: "Set by advertising partners to show you relevant ads on other sites.",
    required: false,
  },
  {
    id: "C0005",
    label: "Social Media Cookies",
    description: "Let you share our content on social networks, which may track you across sites.",
    required: false,
  },
] as const;

export type ConsentId = (typeof CONSENT_CATEGORIES)[number]["id"];
export type Consent = Record<ConsentId, boolean>;

/** Opt-out model (US): everything is on until the shopper says otherwise. */
export const DEFAULT_CONSENT: Consent = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };

/** Fired on window after the shopper saves, so tag loaders can follow without a reload. */
export const CONSENT_UPDATED_EVENT = "consent_updated";

/** Stored consent over the defaults; strictly necessary cookies stay on whatever is stored. */
export function parseConsent(raw: string | null): Consent {
  const consent: Consent = { ...DEFAULT_CONSENT };
  let stored: unknown = null;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  if (stored && typeof stored === "object") {
    for (const { id } of CONSENT_CATEGORIES) {
      const value = (stored as Record<string, unknown>)[id];
      if (typeof value === "boolean") consent[id] = value;
    }
  }
  consent.C0001 = true;
  return consent;
}

export function readConsent(): Consent {
  return parseConsent(readStorage(COOKIE_CONSENT_STORAGE_KEY));
}

export function saveConsent(consent: Consent): void {
  writeStorage(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ ...consent, C0001: true }));
  window.dispatchEvent(new CustomEvent(CONSENT_UPDATED_EVENT, { detail: consent }));
}
