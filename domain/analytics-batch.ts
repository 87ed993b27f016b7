import { CONSENT_IDS } from "./consent";
import { AnalyticsBatchSchema, AnalyticsEventSchema, MAX_EVENTS_PER_BATCH } from "./events";
import { LONE_SURROGATE } from "./validation";
import type { z } from "./zod";

export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;
type ParsedEvent = AnalyticsBatch["events"][number];
type Consent = NonNullable<AnalyticsBatch["consent"]>;

/**
 * POST /api/events's envelope check (ADR 0045). AnalyticsBatchSchema is the contract, but zod spends most of an
 * event request's CPU on it (each property value is tried against a union of unions, and every failed branch
 * allocates its issues). The browser's batches are always the simple case: flat properties of strings, numbers,
 * booleans and null or lists of them. That case is checked here by hand, producing exactly what zod would; anything
 * else (a nested record, a bad value, an odd shape) goes to zod itself, so the answer and its message are zod's.
 * The unit test runs both on the same inputs.
 */
export function parseAnalyticsBatch(input: unknown): { success: true; data: AnalyticsBatch } | { success: false; error: z.ZodError } {
  const fast = simpleBatch(input);
  if (fast) return { success: true, data: fast };
  const parsed = AnalyticsBatchSchema.safeParse(input);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, error: parsed.error };
}

const MessageId = AnalyticsEventSchema.shape.messageId;
const Timestamp = AnalyticsEventSchema.shape.timestamp;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
/** storableText(max): at most max UTF-16 units, no NUL, no lone surrogate. */
const storable = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max && !v.includes("\u0000") && !LONE_SURROGATE.test(v);
const scalar = (v: unknown) => v === null || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || storable(v, 2000);
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);

/** The batch as zod would output it, or null when it is not the simple case (zod decides then). */
function simpleBatch(input: unknown): AnalyticsBatch | null {
  if (!isRecord(input)) return null;
  const { events, consent } = input;
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_EVENTS_PER_BATCH) return null;
  const out: ParsedEvent[] = [];
  for (const event of events) {
    const parsed = simpleEvent(event);
    if (!parsed) return null;
    out.push(parsed);
  }
  if (consent === undefined) return { events: out };
  const kept = simpleConsent(consent);
  return kept ? { events: out, consent: kept } : null;
}

function simpleConsent(consent: unknown): Consent | null {
  if (!isRecord(consent)) return null;
  const kept: Consent = {};
  for (const id of CONSENT_IDS) {
    const value = consent[id];
    if (value === undefined) continue;
    if (typeof value !== "boolean") return null;
    kept[id] = value;
  }
  return kept;
}

function simpleEvent(event: unknown): ParsedEvent | null {
  if (!isRecord(event)) return null;
  // A key present with the value undefined (never so from JSON) is kept as such by zod: its case.
  if (Object.values(event).includes(undefined)) return null;
  const { name, properties, path, anonymousId, messageId, timestamp } = event;
  if (!storable(name, 100) || name.trim().length === 0) return null;
  if (!optional(path, (v) => storable(v, 2000)) || !optional(anonymousId, (v) => storable(v, 100))) return null;
  if (messageId !== undefined && !MessageId.safeParse(messageId).success) return null;
  if (timestamp !== undefined && !Timestamp.safeParse(timestamp).success) return null;
  const props = properties === undefined ? {} : simpleProperties(properties);
  if (!props) return null;
  const out: ParsedEvent = { name: name.trim(), properties: props };
  if (path !== undefined) out.path = path as string;
  if (anonymousId !== undefined) out.anonymousId = anonymousId as string;
  if (messageId !== undefined) out.messageId = messageId as string;
  if (timestamp !== undefined) out.timestamp = timestamp as string;
  return out;
}

function simpleProperties(properties: unknown): ParsedEvent["properties"] | null {
  if (!isRecord(properties)) return null;
  const keys = Object.keys(properties);
  if (keys.length > 50) return null;
  const out: ParsedEvent["properties"] = {};
  for (const key of keys) {
    if (key === "__proto__" || !storable(key, 100)) return null;
    const value = properties[key];
    if (Array.isArray(value)) {
      if (value.length > 50 || !value.every(scalar)) return null;
      out[key] = [...value] as (string | number | boolean | null)[];
    } else if (scalar(value)) out[key] = value as string | number | boolean | null;
    else return null;
  }
  return out;
}
