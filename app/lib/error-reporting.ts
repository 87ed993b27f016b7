import { scriptLoadMessage, shouldReport } from "../../domain/error-reporting";

/**
 * Browser errors to the shop's own endpoint and the server log (SPEC.md section 8): uncaught errors, unhandled
 * rejections and scripts that fail to load. Internal flow and most in-app-browser noise are dropped
 * (domain/error-reporting.ts). Strictly necessary: a report carries no identifier, only what broke and where.
 */
export const ERRORS_ENDPOINT = "/api/errors";
const MAX_PER_PAGE = 10;
let sent = 0;
let installed = false;

interface BrowserError {
  kind: "error" | "unhandledrejection" | "script";
  message: string;
  stack?: string;
  source?: string;
}

export function reportError(error: BrowserError): void {
  if (typeof window === "undefined" || sent >= MAX_PER_PAGE) return;
  if (!shouldReport(error.message, navigator.userAgent)) return;
  sent++;
  const body = JSON.stringify({
    errors: [{ ...error, message: error.message.slice(0, 1000), stack: error.stack?.slice(0, 4000), source: error.source?.slice(0, 2000), path: location.pathname }],
  });
  try {
    fetch(ERRORS_ENDPOINT, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(() => undefined);
  } catch {
    // reporting must never break the page
  }
}

const messageOf = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));

export function installErrorReporting(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => {
    reportError({ kind: "error", message: event.message || messageOf(event.error), stack: event.error instanceof Error ? event.error.stack : undefined, source: event.filename });
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportError({ kind: "unhandledrejection", message: messageOf(event.reason), stack: event.reason instanceof Error ? event.reason.stack : undefined });
  });
}

/** Loads a third-party script; a failure rejects with 'Failed to load {url}' and is reported. */
export function loadScript(url: string, attributes: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
    script.onload = () => resolve();
    script.onerror = () => {
      const error = new Error(scriptLoadMessage(url));
      reportError({ kind: "script", message: error.message, source: url });
      reject(error);
    };
    document.head.appendChild(script);
  });
}
