import { escapeHtml as e, safeUrl } from "../../../lib/email-html";

/** One plain layout for the subscription emails: a heading, paragraphs, an optional button. Every value is escaped. */
export interface SimpleEmail {
  subject: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer?: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";

export function renderSimpleEmail(m: SimpleEmail): { subject: string; text: string; html: string } {
  const text = [m.heading, "", ...m.paragraphs.flatMap((p) => [p, ""]), ...(m.button ? [`${m.button.label}: ${m.button.url}`, ""] : []), m.footer ?? "Questions? Reply to this email and our care team will help.", "Seed", ""].join("\n");
  const p = (t: string) => `<p style="margin:0 0 14px;font-family:${FONT};font-size:16px;line-height:24px;color:#1f2a24;">${e(t)}</p>`;
  const url = m.button ? safeUrl(m.button.url) : null;
  const button = url
    ? `<p style="margin:20px 0;"><a href="${e(url)}" style="display:inline-block;padding:12px 22px;background:#1f3b2d;color:#ffffff;border-radius:24px;font-family:${FONT};font-size:16px;font-weight:600;text-decoration:none;">${e(m.button!.label)}</a></p>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(m.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ea;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f1ea;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;background:#1f3b2d;border-radius:8px 8px 0 0;font-family:${FONT};font-size:24px;font-weight:700;color:#ffffff;">Seed</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:32px;color:#1f2a24;">${e(m.heading)}</h1>
${m.paragraphs.map(p).join("\n")}
${button}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e3ded3;font-family:${FONT};font-size:14px;line-height:20px;color:#4d5a52;">${e(m.footer ?? "Questions? Reply to this email and our care team will help.")}</td></tr>
</table></td></tr></table>
</body></html>
`;
  return { subject: m.subject, text, html };
}

/** Dates and times in emails: written out, in UTC and saying so (the member may read it anywhere). */
export function formatDateTime(d: Date): string {
  return `${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(d)} UTC`;
}

export function formatDate(d: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);
}
