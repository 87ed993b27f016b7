import { consentFrom, NECESSARY_ONLY, withGpc, type Consent } from "../../domain/consent";
import { COOKIE_CONSENT_STORAGE_KEY, STORAGE_CATEGORY } from "../../domain/storage-keys";
import { readStorage, writeStorage } from "./storage";

/** Fired on window after the shopper saves, so the analytics client and tag loaders follow without a reload. */
export const CONSENT_UPDATED_EVENT = "consent_updated";

/** The Global Privacy Control signal of this browser (navigator.globalPrivacyControl). */
export function gpcSignal(): boolean {
  return typeof navigator !== "undefined" && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** Whether the shopper has chosen yet (the banner shows until they do). */
export function consentDecided(): boolean {
  return readStorage(COOKIE_CONSENT_STORAGE_KEY) !== null;
}

/** The stored choice, strictly necessary only before one is made; GPC always refuses targeting and social media. */
export function readConsent(): Consent {
  const raw = readStorage(COOKIE_CONSENT_STORAGE_KEY);
  let stored: unknown = null;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  return withGpc(stored ? consentFrom(stored) : NECESSARY_ONLY, gpcSignal());
}

/** Keeps the choice (strictly necessary storage: it is the choice not to store) and tells whoever listens. */
export function saveConsent(consent: Consent): void {
  const saved = withGpc(consentFrom(consent), gpcSignal());
  writeStorage(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(saved));
  mirrorToCookie(saved);
  forgetRefused(saved);
  window.dispatchEvent(new CustomEvent(CONSENT_UPDATED_EVENT, { detail: saved }));
}

/**
 * The same choice as a cookie (strictly necessary: it is the choice itself), so a form posted before JavaScript loads
 * (the newsletter) is held to it on the server. Only the five booleans; a year, as long as the stored choice is kept.
 */
function mirrorToCookie(consent: Consent): void {
  try {
    document.cookie = `${COOKIE_CONSENT_STORAGE_KEY}=${encodeURIComponent(JSON.stringify(consent))}; path=/; max-age=31536000; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
  } catch {
    // cookies blocked: the server then assumes strictly necessary only
  }
}

/** A category switched off takes its kept values with it (the queue, the anonymous id, the campaign, the click id). */
function forgetRefused(consent: Consent): void {
  for (const [key, category] of Object.entries(STORAGE_CATEGORY)) {
    if (consent[category]) continue;
    try {
      localStorage.removeItem(key);
    } catch {
      // storage blocked: nothing was kept
    }
  }
}
