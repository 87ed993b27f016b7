/** Promo codes of SPEC.md sections 4 and 9: the promo_code parameter, the quiz code, and the stored code with expiry. */
export const QUIZ_PROMO_CODE = "DS-01-25-OFF";
/** In dollars: 25% of the $49.99 monthly DS-01 price (see docs/decisions/0004-promo-codes.md). */
export const QUIZ_PRICE_THRESHOLD = 12.4975;
export const DEFAULT_PROMO_EXPIRY_HOURS = 720;
export const LEGACY_PROMO_EXPIRY_HOURS = 48;
const HOUR_MS = 3_600_000;

export interface StoredPromo {
  code: string;
  /** ISO date-time after which the code is dropped. */
  expirationDate: string;
}

/**
 * On page load, a promo_code query parameter is taken. When it contains the quiz code, the stored code is looked up:
 * the quiz code is used only if the computed syn-wk figure for the stored code is below the threshold, and also when
 * the lookup fails or nothing is stored. Any other code is kept as given.
 */
export async function resolvePromoCodeOnLoad(input: {
  queryCode: string | null;
  storedCode: string | null;
  lookupSynWkPrice: (code: string) => Promise<number>;
  quizCode?: string;
}): Promise<string | null> {
  const quizCode = input.quizCode ?? QUIZ_PROMO_CODE;
  const query = input.queryCode?.trim() || null;
  if (!query) return input.storedCode;
  if (!query.toUpperCase().includes(quizCode.toUpperCase())) return query;
  if (!input.storedCode) return quizCode;
  try {
    const price = await input.lookupSynWkPrice(input.storedCode);
    return price < QUIZ_PRICE_THRESHOLD ? quizCode : input.storedCode;
  } catch {
    return quizCode;
  }
}

export function storePromo(code: string, now: Date, hours = DEFAULT_PROMO_EXPIRY_HOURS): StoredPromo {
  return { code, expirationDate: new Date(now.getTime() + hours * HOUR_MS).toISOString() };
}

export type StoredPromoRead =
  | { kind: "none" }
  | { kind: "valid"; promo: StoredPromo; rewrite: boolean }
  | { kind: "expired" };

/**
 * Reads the raw stored value. A legacy plain value (just the code, from before expiry dates) gets 48 hours from now
 * and should be rewritten in the new form; an expired or unreadable value should be removed.
 */
export function readStoredPromo(raw: string | null, now: Date): StoredPromoRead {
  if (raw === null || raw.trim() === "") return { kind: "none" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = raw;
  }
  if (typeof parsed === "string") {
    const code = parsed.trim();
    return code ? { kind: "valid", promo: storePromo(code, now, LEGACY_PROMO_EXPIRY_HOURS), rewrite: true } : { kind: "expired" };
  }
  if (!isStoredPromo(parsed)) return { kind: "expired" };
  const expires = Date.parse(parsed.expirationDate);
  if (Number.isNaN(expires) || expires <= now.getTime()) return { kind: "expired" };
  return { kind: "valid", promo: parsed, rewrite: false };
}

function isStoredPromo(value: unknown): value is StoredPromo {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === "string" && v.code.trim() !== "" && typeof v.expirationDate === "string";
}
