import { isEventName, TARGETING_PROPERTIES, type EventName } from "./event-names";

/**
 * Cookie consent categories C0001 to C0005 (SPEC.md section 3). Opt-in: before the shopper chooses, only strictly
 * necessary storage and requests happen (ADR 0013). Zod-free: the browser gate runs this file.
 */
export const CONSENT_IDS = ["C0001", "C0002", "C0003", "C0004", "C0005"] as const;
export type ConsentId = (typeof CONSENT_IDS)[number];
export type Consent = Record<ConsentId, boolean>;

/** Before any choice, and whatever a client claims to be missing: strictly necessary only. */
export const NECESSARY_ONLY: Consent = { C0001: true, C0002: false, C0003: false, C0004: false, C0005: false };
export const ALL_ACCEPTED: Consent = { C0001: true, C0002: true, C0003: true, C0004: true, C0005: true };

/** Measurement events need performance consent (C0002). */
export const EVENT_CATEGORY: ConsentId = "C0002";
/** The advertising-match hashes and the ad network's click id need targeting consent (C0004). */
export const TARGETING_CATEGORY: ConsentId = "C0004";

/** Reads a stored or sent consent object; strictly necessary is always on, anything missing or not boolean is off. */
export function consentFrom(value: unknown): Consent {
  const consent: Consent = { ...NECESSARY_ONLY };
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const id of CONSENT_IDS) {
      const v = (value as Record<string, unknown>)[id];
      if (typeof v === "boolean") consent[id] = v;
    }
  }
  consent.C0001 = true;
  return consent;
}

/**
 * Global Privacy Control (Sec-GPC: 1, navigator.globalPrivacyControl) is an opt-out of sale and targeting: targeting
 * (C0004) and social media (C0005, whose cookies share data with the networks) are off, whatever was chosen.
 */
export function withGpc(consent: Consent, gpc: boolean): Consent {
  return gpc ? { ...consent, C0004: false, C0005: false } : consent;
}

/** An event as the gate sees it: a name and flat properties. */
export interface GatedEvent {
  name: string;
  properties: Record<string, unknown>;
}

/**
 * The consent gate, the same in the browser (before storing or sending) and on the server (before storing):
 * null when the event's category is refused (or the name is not in the catalogue), else the event without the
 * targeting properties the shopper has not allowed.
 */
export function gateEvent<E extends GatedEvent>(event: E, consent: Consent): E | null {
  if (!isEventName(event.name) || !consent[categoryOf(event.name)]) return null;
  if (consent[TARGETING_CATEGORY]) return event;
  const properties = { ...event.properties };
  for (const key of TARGETING_PROPERTIES) delete properties[key];
  return { ...event, properties };
}

export function categoryOf(_name: EventName): ConsentId {
  return EVENT_CATEGORY;
}
