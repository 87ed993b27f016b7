import { COOKIE_CONSENT_STORAGE_KEY } from "../../../domain/storage-keys";

/*
 * The consent banner is in every page's HTML (ADR 0061), so it paints with the page instead of after the scripts.
 * Whether this shopper already chose lives in their browser (localStorage), and the HTML is shared by everyone
 * through the page cache (ADR 0021), so the server cannot leave the banner out for them. This script, inline in
 * <head> with the response's nonce, runs before the body is parsed and marks <html data-consent="decided">; the
 * stylesheet hides the banner then, so a shopper who chose never sees it, not even for a frame.
 *
 * It also keeps a press on the banner made before the page's code has hydrated it (ADR 0043 starts the code after the
 * first paint): the button's choice is remembered on window and the banner hides; ConsentBanner.tsx saves it (or
 * opens the preferences) as soon as it runs, through the same saveConsent as a press after hydration.
 * Plain ES5 and small: it is in every page.
 */

/** <html data-consent="decided"> once the shopper has chosen (or pressed a choice not yet saved). */
export const CONSENT_DECIDED_ATTRIBUTE = "data-consent";
export const CONSENT_DECIDED_VALUE = "decided";
/** The attribute on the banner's buttons naming what they do, read by the early click listener. */
export const CONSENT_CHOICE_ATTRIBUTE = "data-consent-choice";
/** Where a press before hydration waits (window.__seedConsentPress). */
export const EARLY_PRESS_KEY = "__seedConsentPress";

export type BannerChoice = "necessary" | "all" | "preferences";

export const CONSENT_FIRST_PAINT_SCRIPT = `(function(d,w){var h=d.documentElement;function mark(){h.setAttribute("${CONSENT_DECIDED_ATTRIBUTE}","${CONSENT_DECIDED_VALUE}")}try{if(w.localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_STORAGE_KEY)})!==null)mark()}catch(e){}
d.addEventListener("click",function(e){var t=e.target,b=t&&t.closest?t.closest("[${CONSENT_CHOICE_ATTRIBUTE}]"):null;if(!b||w.${EARLY_PRESS_KEY}===null)return;var c=b.getAttribute("${CONSENT_CHOICE_ATTRIBUTE}");w.${EARLY_PRESS_KEY}=c;if(c!=="preferences")mark()},true)})(document,window)`;

/**
 * The press made before hydration, if any, taken once; after this the early listener stands aside (React handles
 * presses from now on).
 */
export function takeEarlyPress(): BannerChoice | null {
  const w = window as unknown as Record<string, unknown>;
  const pressed = w[EARLY_PRESS_KEY];
  w[EARLY_PRESS_KEY] = null;
  return pressed === "necessary" || pressed === "all" || pressed === "preferences" ? pressed : null;
}

/** Marks <html> as decided, so the stylesheet keeps the banner hidden and stops reserving its room. */
export function markConsentDecided(): void {
  document.documentElement.setAttribute(CONSENT_DECIDED_ATTRIBUTE, CONSENT_DECIDED_VALUE);
}
