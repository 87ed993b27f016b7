/**
 * Browser error reporting (SPEC.md section 8), zod-free so the browser runs it. Errors reach the shop's own
 * endpoint and the server log; nothing goes to a third party, and no trace is sampled.
 */
export const TRACE_SAMPLE_RATE = 0;
/** Share of errors kept from the in-app browsers of social apps, whose webviews raise many errors of their own. */
export const IN_APP_BROWSER_SAMPLE_RATE = 0.1;

/**
 * The two internal flow patterns: the router aborting a navigation or fetch the shopper superseded, and a thrown
 * Response (a redirect or a not-found answer), which is how loaders steer, not a failure.
 */
export const INTERNAL_FLOW_PATTERNS: readonly RegExp[] = [/\bAbortError\b|\bwas aborted\b|\baborted a request\b/i, /^\[object Response\]$|\bResponse (?:redirect|thrown)\b/i];

export const IN_APP_BROWSER = /\b(?:FBAN|FBAV|FB_IAB|Instagram|Line\/|Twitter|TikTok|musical_ly|BytedanceWebview|Snapchat|Pinterest)\b/i;

export function scriptLoadMessage(url: string): string {
  return `Failed to load ${url}`;
}

/** Whether a browser error is reported: not an internal flow, and only 1 in 10 from a social app's browser. */
export function shouldReport(message: string, userAgent: string, random: () => number = Math.random): boolean {
  if (INTERNAL_FLOW_PATTERNS.some((p) => p.test(message))) return false;
  if (IN_APP_BROWSER.test(userAgent)) return random() < IN_APP_BROWSER_SAMPLE_RATE;
  return true;
}

export type AlertKind = "info" | "error" | "success";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/**
 * Alert text is rendered as HTML (SPEC.md section 8), sanitised by allow-list: everything is escaped, then only
 * attribute-free <b> <strong> <i> <em> <p> <br> and links to http(s) or a same-site path come back as markup.
 */
export function sanitiseAlertHtml(html: string): string {
  return escape(html)
    .replace(/&lt;(\/?)(b|strong|i|em|p)&gt;/gi, (_m, close: string, tag: string) => `<${close}${tag.toLowerCase()}>`)
    .replace(/&lt;br\s*\/?&gt;/gi, "<br>")
    .replace(/&lt;a href=&quot;((?:https?:\/\/|\/(?!\/))[^\s&<>]*?)&quot;&gt;/gi, (_m, href: string) => `<a href="${href}" rel="noopener noreferrer">`)
    .replace(/&lt;\/a&gt;/gi, "</a>");
}
