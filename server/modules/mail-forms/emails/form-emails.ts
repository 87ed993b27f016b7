import { MAIL_FORM_TEAMS, type MailFormKind } from "../../../../domain/mail-forms";
import { escapeHtml as e } from "../../../lib/email-html";

interface Rendered {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  practice: "Practice",
  credential: "Licence or registration",
  country: "Country",
  institution: "Institution",
  course: "Course",
  students: "Students",
  topic: "Topic",
  orderNumber: "Order number",
  message: "Message",
};

const rows = (fields: Record<string, unknown>) => Object.entries(fields).filter(([, v]) => v !== undefined && v !== "");

function page(body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f1ea;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2a24"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">${body}</div></body></html>`;
}

function table(fields: Record<string, unknown>): string {
  return `<table style="border-collapse:collapse;width:100%">${rows(fields)
    .map(([k, v]) => `<tr><th style="text-align:left;padding:6px 12px 6px 0;vertical-align:top;color:#4d5a52">${e(LABELS[k] ?? k)}</th><td style="padding:6px 0;white-space:pre-wrap">${e(v)}</td></tr>`)
    .join("")}</table>`;
}

const textRows = (fields: Record<string, unknown>) => rows(fields).map(([k, v]) => `${LABELS[k] ?? k}: ${String(v)}`).join("\n");

/** The form as the team reads it; they answer the sender at the address in it. */
export function teamEmail(kind: MailFormKind, fields: { email: string; name: string } & Record<string, unknown>): Rendered {
  const { team, label } = MAIL_FORM_TEAMS[kind];
  const subject = `New ${label} from ${fields.name}`.slice(0, 200);
  return {
    to: team,
    subject,
    text: `${subject}\n\n${textRows(fields)}\n\nReply to ${fields.email}.`,
    html: page(`<h1 style="font-size:20px;color:#1f3b2d">${e(subject)}</h1>${table(fields)}<p>Reply to <a href="mailto:${e(fields.email)}">${e(fields.email)}</a>.</p>`),
  };
}

/**
 * The sender's acknowledgement: that the form arrived and when to expect an answer, in the shop's words only. It goes
 * to whatever address was typed, so nothing typed comes back in it (not the message, not even the name): otherwise
 * anyone could send any text from the shop's own address to anyone (issue 33).
 */
export function acknowledgementEmail(kind: MailFormKind, fields: { email: string }): Rendered {
  const { label, reply } = MAIL_FORM_TEAMS[kind];
  const subject = `We received your ${label}`;
  const received = `Thank you for writing to Seed. We received your ${label}. ${reply}`;
  const ignore = "If you did not send this, you can ignore this email.";
  return {
    to: fields.email,
    subject,
    text: `Hello,\n\n${received}\n\n${ignore}\n\nSeed Health, 2100 Abbot Kinney Blvd, Venice, CA 90291`,
    html: page(
      `<h1 style="font-size:20px;color:#1f3b2d">${e(subject)}</h1><p>Hello,</p><p>${e(received)}</p><p style="color:#4d5a52;font-size:13px">${e(ignore)}<br>Seed Health, 2100 Abbot Kinney Blvd, Venice, CA 90291</p>`,
    ),
  };
}
