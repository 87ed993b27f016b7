import { matchHashes } from "../../domain/ad-hashes";
import { gateEvent, type Consent } from "../../domain/consent";
import { EVENTS } from "../../domain/event-names";
import { ANALYTICS_LOCK_STORAGE_KEY, ANALYTICS_QUEUE_STORAGE_KEY, ANONYMOUS_ID_STORAGE_KEY } from "../../domain/storage-keys";
import { consentDecided, CONSENT_UPDATED_EVENT, readConsent } from "./consent";
import { readStorage, writeStorage } from "./storage";

/**
 * The browser's analytics client (ADR 0013). Every event passes the consent gate of domain/consent.ts before it is
 * kept or sent: before the shopper chooses, events wait in memory only (never stored, never sent) and are sent or
 * dropped once the choice is known. Allowed events are batched (up to 20 a request), kept in a persistent queue
 * guarded by a lock (SPEC.md section 8) so a closed tab does not lose them, flushed after a short pause with a
 * keepalive fetch, and with sendBeacon when the page is hidden.
 */
type PropertyValue = string | number | boolean | null | (string | number | boolean | null)[];
export type Properties = Record<string, PropertyValue | undefined>;

interface QueuedEvent {
  name: string;
  properties: Record<string, PropertyValue>;
  path: string;
  anonymousId?: string;
  messageId: string;
  timestamp: string;
}

export const ENDPOINT = "/api/events";
const BATCH_SIZE = 20;
const FLUSH_DELAY_MS = 1000;
/** After a failed send (offline, 429, 5xx) the queue is tried again after 2 s, doubling up to a minute. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 60_000;
/** Events held before the shopper chooses; more are dropped (a shopper who never chooses sends nothing). */
const MAX_UNDECIDED = 50;
const MAX_STORED = 200;
/** SPEC.md section 8: the persistent queue's lock, 3 retries of 50 ms. */
export const LOCK_RETRIES = 3;
export const LOCK_RETRY_MS = 50;
const LOCK_TTL_MS = 1000;
/** SPEC.md section 9: the consent provider is polled every 500 ms until a choice is known. */
export const CONSENT_POLL_MS = 500;
/** SPEC.md section 9: wait up to 300 ms, polled every 100 ms, for page performance before the first page event. */
export const PERFORMANCE_WAIT_MS = 300;
export const PERFORMANCE_POLL_MS = 100;

/** Events whose schema carries the advertising-match hashes (added only with targeting consent). */
const HASHED_EVENTS = new Set<string>([EVENTS.productAdded, EVENTS.productRemoved, EVENTS.cartViewed, EVENTS.checkoutButtonClicked, EVENTS.promoFieldOpened]);

const state = {
  started: false,
  undecided: [] as QueuedEvent[],
  memory: [] as QueuedEvent[],
  timer: null as ReturnType<typeof setTimeout> | null,
  /** The pause before the next retry after a failed send; 0 while sends succeed. */
  retryMs: 0,
  consentPoll: null as ReturnType<typeof setInterval> | null,
  viewer: null as { email?: string | null; phone?: string | null } | null,
  firstPageSent: false,
  tabId: Math.random().toString(36).slice(2),
};

const browser = () => typeof window !== "undefined";
const uuid = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function anonymousId(consent: Consent): string | undefined {
  if (!consent.C0002) return undefined;
  let id = readStorage(ANONYMOUS_ID_STORAGE_KEY);
  if (!id) {
    id = uuid();
    if (!writeStorage(ANONYMOUS_ID_STORAGE_KEY, id)) return undefined; // storage blocked: events go without an id
  }
  return id;
}

// ------------------------------------------------------------------ the lock and the persistent queue

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A lock between tabs on local storage: take it when free or expired, then read it back to see who won. Three
 * retries 50 ms apart; after that 'Unable to retrieve lock' is logged and the caller keeps events in memory.
 */
export async function withQueueLock<T>(work: () => T): Promise<T | null> {
  for (let attempt = 0; attempt <= LOCK_RETRIES; attempt++) {
    const now = Date.now();
    const held = parseLock(readStorage(ANALYTICS_LOCK_STORAGE_KEY));
    if (!held || held.expires < now || held.owner === state.tabId) {
      writeStorage(ANALYTICS_LOCK_STORAGE_KEY, JSON.stringify({ owner: state.tabId, expires: now + LOCK_TTL_MS }));
      if (parseLock(readStorage(ANALYTICS_LOCK_STORAGE_KEY))?.owner === state.tabId) {
        try {
          return work();
        } finally {
          try {
            localStorage.removeItem(ANALYTICS_LOCK_STORAGE_KEY);
          } catch {
            // storage blocked: the lock expires on its own
          }
        }
      }
    }
    if (attempt < LOCK_RETRIES) await sleep(LOCK_RETRY_MS);
  }
  console.warn("Unable to retrieve lock");
  return null;
}

function parseLock(raw: string | null): { owner: string; expires: number } | null {
  try {
    const lock = raw ? JSON.parse(raw) : null;
    return lock && typeof lock.owner === "string" && typeof lock.expires === "number" ? lock : null;
  } catch {
    return null;
  }
}

function readQueue(): QueuedEvent[] {
  try {
    const list = JSON.parse(readStorage(ANALYTICS_QUEUE_STORAGE_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.name === "string" && typeof e.messageId === "string") : [];
  } catch {
    return [];
  }
}

function writeQueue(events: QueuedEvent[]): void {
  if (events.length === 0) {
    try {
      localStorage.removeItem(ANALYTICS_QUEUE_STORAGE_KEY);
    } catch {
      // nothing stored to remove
    }
    return;
  }
  writeStorage(ANALYTICS_QUEUE_STORAGE_KEY, JSON.stringify(events.slice(-MAX_STORED)));
}

/** Adds events to the stored queue (performance consent only); without the lock they stay in memory. */
async function persist(events: QueuedEvent[]): Promise<void> {
  const done = await withQueueLock(() => writeQueue([...readQueue(), ...events]));
  if (done === null) state.memory.push(...events);
}

async function removeSent(ids: Set<string>): Promise<void> {
  state.memory = state.memory.filter((e) => !ids.has(e.messageId));
  await withQueueLock(() => writeQueue(readQueue().filter((e) => !ids.has(e.messageId))));
}

function pending(): QueuedEvent[] {
  const seen = new Set<string>();
  return [...readQueue(), ...state.memory].filter((e) => !seen.has(e.messageId) && seen.add(e.messageId));
}

// ------------------------------------------------------------------ sending

function body(events: QueuedEvent[]): string {
  return JSON.stringify({ events, consent: readConsent() });
}

/**
 * Sends what is queued, 20 at a time, with a keepalive fetch. What fails stays queued and is tried again after a
 * pause (doubling, honouring Retry-After), so an event is not left waiting for the shopper's next action.
 */
export async function flush(): Promise<void> {
  if (!browser()) return;
  state.timer = null;
  const consent = readConsent();
  if (!consent.C0002) return;
  const events = pending();
  for (let i = 0; i < events.length; i += BATCH_SIZE) {
    const batch = events.slice(i, i + BATCH_SIZE);
    let res: Response;
    try {
      res = await fetch(ENDPOINT, { method: "POST", body: body(batch), headers: { "Content-Type": "application/json" }, keepalive: true, credentials: "same-origin" });
    } catch {
      return retryLater(null); // offline: keep them for later
    }
    // A 4xx other than 429 will never succeed (a bug in an event): drop it rather than resend it forever.
    if (!res.ok && (res.status < 400 || res.status >= 500 || res.status === 429)) return retryLater(res.headers.get("Retry-After"));
    await removeSent(new Set(batch.map((e) => e.messageId)));
  }
  state.retryMs = 0;
}

/** Schedules the next try after a failed send, unless a flush is already due sooner. */
function retryLater(retryAfter: string | null): void {
  const asked = Number(retryAfter) * 1000;
  state.retryMs = Math.min(RETRY_MAX_MS, state.retryMs ? state.retryMs * 2 : RETRY_FIRST_MS);
  if (state.timer) return;
  state.timer = setTimeout(() => void flush(), Math.min(RETRY_MAX_MS, Math.max(state.retryMs, Number.isFinite(asked) ? asked : 0)));
}

/** The page is going away: whatever is queued goes with sendBeacon, which outlives the page. */
function flushWithBeacon(): void {
  if (!readConsent().C0002 || !navigator.sendBeacon) return;
  const events = pending();
  for (let i = 0; i < events.length; i += BATCH_SIZE) {
    const batch = events.slice(i, i + BATCH_SIZE);
    if (navigator.sendBeacon(ENDPOINT, new Blob([body(batch)], { type: "application/json" }))) {
      const sent = new Set(batch.map((e) => e.messageId));
      state.memory = state.memory.filter((e) => !sent.has(e.messageId));
      // No time for the lock here: the server stores a message id once, so a resend is harmless.
      writeQueue(readQueue().filter((e) => !sent.has(e.messageId)));
    }
  }
}

function scheduleFlush(now = false): void {
  if (state.timer) clearTimeout(state.timer);
  state.timer = setTimeout(() => void flush(), now ? 0 : FLUSH_DELAY_MS);
}

// ------------------------------------------------------------------ the gate

async function admit(event: QueuedEvent, consent: Consent): Promise<void> {
  const gated = gateEvent(event, consent);
  if (!gated) return;
  if (consent.C0004 && state.viewer && HASHED_EVENTS.has(gated.name)) {
    const hashes = await matchHashes({ email: state.viewer.email, phone: state.viewer.phone });
    if (hashes.hashedEmail) gated.properties.hashedEmail = hashes.hashedEmail;
    if (hashes.hashedPhone) gated.properties.hashedPhone = hashes.hashedPhone;
  }
  const withId = { ...gated, anonymousId: anonymousId(consent) };
  await persist([withId]);
  scheduleFlush(pending().length >= BATCH_SIZE);
}

/** Once the shopper chooses: what waited is sent or dropped as the choice says. */
function onConsentKnown(): void {
  if (state.consentPoll) clearInterval(state.consentPoll);
  state.consentPoll = null;
  const waiting = state.undecided;
  state.undecided = [];
  const consent = readConsent();
  for (const event of waiting) void admit(event, consent);
}

function start(): void {
  if (state.started || !browser()) return;
  state.started = true;
  window.addEventListener(CONSENT_UPDATED_EVENT, onConsentKnown);
  window.addEventListener("pagehide", flushWithBeacon);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushWithBeacon();
  });
  // Events a previous page queued and could not send.
  if (consentDecided() && readConsent().C0002 && readQueue().length > 0) scheduleFlush(true);
}

/**
 * Records a catalogue event. Fire and forget: never throws, never blocks the shopper. Before the shopper chooses,
 * the event waits in memory; the consent provider is polled every 500 ms until a choice is stored.
 */
export function track(name: string, properties: Properties = {}): void {
  if (!browser()) return;
  start();
  const clean: Record<string, PropertyValue> = {};
  for (const [key, value] of Object.entries(properties)) if (value !== undefined) clean[key] = value;
  const event: QueuedEvent = { name, properties: clean, path: location.pathname, messageId: uuid(), timestamp: new Date().toISOString() };
  if (!consentDecided()) {
    if (state.undecided.length < MAX_UNDECIDED) state.undecided.push(event);
    state.consentPoll ??= setInterval(() => {
      if (consentDecided()) onConsentKnown();
    }, CONSENT_POLL_MS);
    return;
  }
  void admit(event, readConsent()).catch(() => undefined);
}

/** Who is signed in, for the advertising-match hashes of cart events (sent only with targeting consent). */
export function identify(viewer: { email?: string | null; phone?: string | null } | null): void {
  state.viewer = viewer;
}

/** After sign-out the next events must not be tied to the previous shopper: a new anonymous id, no viewer. */
export function resetAnalyticsIdentity(): void {
  state.viewer = null;
  try {
    localStorage.removeItem(ANONYMOUS_ID_STORAGE_KEY);
  } catch {
    // storage blocked: there is no stored identity to forget
  }
}
export const reset = resetAnalyticsIdentity;

/** The page's load time once known: waits up to 300 ms, polling every 100 ms, then goes without it. */
export async function pageLoadTime(): Promise<number | null> {
  const read = () => {
    const nav = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    return nav && nav.loadEventEnd > 0 ? Math.round(nav.loadEventEnd) : null;
  };
  for (let waited = 0; waited < PERFORMANCE_WAIT_MS; waited += PERFORMANCE_POLL_MS) {
    const time = read();
    if (time !== null) return time;
    await sleep(PERFORMANCE_POLL_MS);
  }
  return read();
}

/** "Page Viewed": the first one of a visit waits for page performance; later (client-side) ones go at once. */
export async function trackPageView(path: string): Promise<void> {
  if (!browser()) return;
  const first = !state.firstPageSent;
  state.firstPageSent = true;
  const loadTime = first ? await pageLoadTime() : null;
  track(EVENTS.pageViewed, { path, title: document.title.slice(0, 300), referrer: first ? document.referrer.slice(0, 2000) : undefined, load_time_ms: loadTime });
}
