import type { AnalyticsEventInput } from "../../domain/analytics";
import { ANONYMOUS_ID_STORAGE_KEY as ANONYMOUS_ID_KEY } from "../../domain/storage-keys";

function anonymousId(): string | undefined {
  try {
    let id = localStorage.getItem(ANONYMOUS_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(ANONYMOUS_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage blocked (private mode): events go without an id
  }
}

/** After sign-out the next events must not be tied to the previous shopper. */
export function resetAnalyticsIdentity(): void {
  try {
    localStorage.removeItem(ANONYMOUS_ID_KEY);
  } catch {
    // storage blocked: there is no stored identity to forget
  }
}

/**
 * Records an analytics event through POST /api/events. Fire and forget: a keepalive fetch outlives the
 * page (as sendBeacon does) and, unlike a beacon, shows its body to the browser's tooling and tests.
 * sendBeacon remains the fallback where keepalive fetch is refused; a failure never reaches the shopper.
 */
export function track(name: string, properties: AnalyticsEventInput["properties"] = {}): void {
  if (typeof window === "undefined") return;
  const event: AnalyticsEventInput = { name, properties, path: location.pathname, anonymousId: anonymousId() };
  const body = JSON.stringify({ events: [event] });
  try {
    fetch("/api/events", { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(() => undefined);
  } catch {
    navigator.sendBeacon?.("/api/events", new Blob([body], { type: "application/json" }));
  }
}
