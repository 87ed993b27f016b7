import { attributionFrom, campaignOf, CLICK_ID_PARAM, clickIdValue, hasAttribution, updateAttribution, type Attribution } from "../../domain/attribution";
import { ATTRIBUTION_STORAGE_KEY, CLICK_ID_STORAGE_KEY } from "../../domain/storage-keys";
import { readConsent } from "./consent";
import { readStorage, writeStorage } from "./storage";

/** The campaign of the landing URL, held in memory until the shopper allows keeping it. */
let heldSearch: string | null = null;

/**
 * Keeps the URL's campaign values (first touch only if absent, last touch overwritten) with performance consent,
 * and the ad network's click id with targeting consent. Called on every page and again when consent arrives.
 */
export function captureAttribution(search: string = heldSearch ?? location.search): void {
  const params = new URLSearchParams(search);
  const consent = readConsent();
  if (!consent.C0002) {
    if (params.has(CLICK_ID_PARAM) || Object.keys(campaignOf(params)).length > 0) heldSearch = search;
    return;
  }
  heldSearch = null;
  const visit = campaignOf(params);
  if (Object.keys(visit).length > 0) writeStorage(ATTRIBUTION_STORAGE_KEY, JSON.stringify(updateAttribution(storedAttribution(), visit)));
  const clickId = params.get(CLICK_ID_PARAM)?.trim();
  if (consent.C0004 && clickId && /^[\w-]{1,200}$/.test(clickId)) writeStorage(CLICK_ID_STORAGE_KEY, clickIdValue(clickId, location.hostname, Date.now()));
}

function storedAttribution(): Attribution {
  try {
    return attributionFrom(JSON.parse(readStorage(ATTRIBUTION_STORAGE_KEY) ?? "null"));
  } catch {
    return attributionFrom(null);
  }
}

/** What the order carries: the campaign values and click id, each only with its consent. */
export function attributionForOrder(): { attribution?: Attribution; clickId?: string } {
  const consent = readConsent();
  const out: { attribution?: Attribution; clickId?: string } = {};
  const attribution = consent.C0002 ? storedAttribution() : null;
  if (attribution && hasAttribution(attribution)) out.attribution = attribution;
  const clickId = consent.C0004 ? readStorage(CLICK_ID_STORAGE_KEY) : null;
  if (clickId) out.clickId = clickId.slice(0, 300);
  return out;
}
