import { escapeHtml as e } from "../../../lib/email-html";

/** The newsletter's emails. Every newsletter-type email goes through `newsletterEmail`, which adds the unsubscribe link and headers. */

interface Rendered {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const ADDRESS = "Seed Health, 2100 Abbot Kinney Blvd, Venice, CA 90291";

function page(body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f1ea;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2a24"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">${body}</div></body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${e(href)}" style="display:inline-block;background:#1f3b2d;color:#ffffff;padding:12px 20px;border-radius:24px;text-decoration:none">${e(label)}</a></p>`;

/** Sent on sign-up: the address is subscribed only once its owner opens this link (double opt-in). */
export function confirmationEmail(confirmUrl: string): Rendered {
  const subject = "Confirm your Seed newsletter subscription";
  return {
    subject,
    text:
      `Someone, hopefully you, asked to receive Seed's newsletter at this address.\n\n` +
      `Confirm your subscription here:\n${confirmUrl}\n\n` +
      `The link works for 7 days. If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.\n\n${ADDRESS}`,
    html: page(
      `<h1 style="font-size:20px;color:#1f3b2d">${e(subject)}</h1>` +
        `<p>Someone, hopefully you, asked to receive Seed's newsletter at this address: microbiome research, new launches and member offers, about twice a month.</p>` +
        button(confirmUrl, "Confirm my subscription") +
        `<p style="color:#4d5a52;font-size:13px">The link works for 7 days. If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.<br>${e(ADDRESS)}</p>`,
    ),
  };
}

/**
 * Wraps a newsletter-type email: an unsubscribe link at the foot of both parts, and the one-click headers of RFC 8058
 * (List-Unsubscribe with the same link, List-Unsubscribe-Post), so mail clients can show their own unsubscribe button.
 */
export function newsletterEmail(content: { subject: string; text: string; html: string }, unsubscribeUrl: string): Rendered {
  return {
    subject: content.subject,
    text: `${content.text}\n\n--\nYou receive this because you subscribed to Seed's newsletter. Unsubscribe with one click: ${unsubscribeUrl}\n${ADDRESS}`,
    html: page(
      `${content.html}<hr style="border:none;border-top:1px solid #e3ded3;margin:32px 0 16px"><p style="color:#4d5a52;font-size:13px">You receive this because you subscribed to Seed's newsletter. <a href="${e(unsubscribeUrl)}" style="color:#1f3b2d">Unsubscribe</a> with one click.<br>${e(ADDRESS)}</p>`,
    ),
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The first newsletter-type email, sent when the address is confirmed. */
export function welcomeEmail(origin: string, unsubscribeUrl: string): Rendered {
  const subject = "You're in: welcome to the Seed newsletter";
  const cultured = `${origin}/cultured/`;
  return newsletterEmail(
    {
      subject,
      text:
        `Thank you for confirming. About twice a month we will send what our scientists are reading, new research on the microbiome, and offers for members.\n\n` +
        `Start with Cultured, our library of short articles on the gut and its microbes: ${cultured}`,
      html:
        `<h1 style="font-size:20px;color:#1f3b2d">${e(subject)}</h1>` +
        `<p>Thank you for confirming. About twice a month we will send what our scientists are reading, new research on the microbiome, and offers for members.</p>` +
        `<p>Start with <a href="${e(cultured)}" style="color:#1f3b2d">Cultured</a>, our library of short articles on the gut and its microbes.</p>`,
    },
    unsubscribeUrl,
  );
}
