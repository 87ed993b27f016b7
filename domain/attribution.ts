/**
 * Campaign attribution (SPEC.md sections 3 and 4): each utm_ value kept as first touch (stored only if absent) and
 * last touch (overwritten by every visit carrying it), and the ad network's click id with its prefix. Zod-free.
 */
export const UTM_KEYS = ["utm_campaign", "utm_source", "utm_medium", "utm_term", "utm_content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Touch = Partial<Record<UtmKey, string>>;

export interface Attribution {
  firstTouch: Touch;
  lastTouch: Touch;
}

export const EMPTY_ATTRIBUTION: Attribution = { firstTouch: {}, lastTouch: {} };
const MAX_VALUE = 200;

/** The campaign values a URL carries (trimmed, bounded; empty values ignored). */
export function campaignOf(search: URLSearchParams): Touch {
  const touch: Touch = {};
  for (const key of UTM_KEYS) {
    const value = search.get(key)?.trim();
    if (value) touch[key] = value.slice(0, MAX_VALUE);
  }
  return touch;
}

/** First touch per value only if absent; last touch overwritten per value the visit carries. */
export function updateAttribution(stored: Attribution, visit: Touch): Attribution {
  return { firstTouch: { ...visit, ...stored.firstTouch }, lastTouch: { ...stored.lastTouch, ...visit } };
}

/** Reads a stored attribution, keeping only known keys with string values. */
export function attributionFrom(value: unknown): Attribution {
  const pick = (touch: unknown): Touch => {
    const out: Touch = {};
    if (touch && typeof touch === "object") {
      for (const key of UTM_KEYS) {
        const v = (touch as Record<string, unknown>)[key];
        if (typeof v === "string" && v) out[key] = v.slice(0, MAX_VALUE);
      }
    }
    return out;
  };
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return { firstTouch: pick(record.firstTouch), lastTouch: pick(record.lastTouch) };
}

export function hasAttribution(a: Attribution): boolean {
  return Object.keys(a.firstTouch).length > 0 || Object.keys(a.lastTouch).length > 0;
}

/** The ad network's click id parameter (fbclid) and the value it is stored as. */
export const CLICK_ID_PARAM = "fbclid";

/**
 * The stored click id: "fb.<depth>.<creation time ms>.<click id>", where depth is the number of labels of the
 * cookie's domain less one (example.com is 1, www.example.com 2), the network's documented fbc format.
 */
export function clickIdValue(clickId: string, hostname: string, nowMs: number): string {
  const labels = hostname.split(".").filter(Boolean).length;
  const depth = Math.max(labels - 1, 0);
  return `fb.${depth}.${nowMs}.${clickId}`;
}
