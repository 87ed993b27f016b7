/** Small helpers for hand-written HTML emails. Every interpolated value goes through escapeHtml. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text to HTML text or attribute value (quoted with " or '). */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An http(s) URL fit for src/href, else null (no javascript:, data: or relative links in an email). */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  // The same few links (the shop's pages, product images) go into every email: each is parsed once.
  const known = checkedUrls.get(value);
  if (known !== undefined) return known;
  if (checkedUrls.size >= 1000) checkedUrls.clear();
  const checked = checkUrl(value);
  checkedUrls.set(value, checked);
  return checked;
}

const checkedUrls = new Map<string, string | null>();

function checkUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The frame of the shop's short notices (shipped, refunded): a white card on the shop's sand colour, its heading, then
 * `bodyHtml`, which the caller has already escaped.
 */
export function noticeEmailHtml(subject: string, heading: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ea;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2a24;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;">
<tr><td style="padding:32px;font-size:16px;line-height:24px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#1f3b2d;">${escapeHtml(heading)}</h1>
${bodyHtml}
</td></tr></table></td></tr></table>
</body></html>
`;
}
