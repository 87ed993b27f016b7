/**
 * What staff may see of an email (issue 33 point 3, docs/decisions/0055-staff-never-see-secrets.md). An outbox row
 * holds the customer's live secrets (a sign-in code, magic, reset, verification and set-password links, signed
 * subscription and newsletter links): whoever reads one can act as the customer. Every console view of an email (list,
 * detail, CSV export, order timeline) goes through here; /dev/mailbox, the developer's own tool, does not.
 *
 * Two passes, both over every part (subject, text, HTML):
 *  1. By kind. The row's template says what it is. Kinds known to carry nothing that opens anything are listed in
 *     PLAIN_TEMPLATES; every other kind, a new one nobody listed included, has every link and every 6-digit code hidden.
 *     A secret-carrying kind therefore leaks nothing by default, and a plain kind that gains a secret still meets pass 2.
 *  2. By pattern, on every kind: query values named like a secret (token=, magic=, identity=, confirmEmail=...), long
 *     opaque strings (a 43-character token, a signed link's payload) and, when the subject speaks of a code, 6-digit runs.
 * Each pattern is linear (no nested unbounded quantifiers) and every part is cut to MAX_PART_CHARS first.
 */
export interface EmailParts {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export const HIDDEN_LINK = "[link hidden]";
export const HIDDEN_CODE = "[code hidden]";
export const HIDDEN_SECRET = "[hidden]";
/** Longer parts are cut before the patterns run (emails of the shop are a few kilobytes; this bounds the work). */
export const MAX_PART_CHARS = 200_000;

/** Kinds whose links and numbers open nothing: receipts, shipping notes, form copies, notices that link to plain pages. */
const PLAIN_TEMPLATES = new Set([
  "order-confirmation",
  "order-shipped",
  "order-refunded",
  "renewal-receipt",
  "renewal-skipped-unconfirmed",
  "points-expiring",
  "quiz-result",
  "console-sign-in-ceiling",
]);
const PLAIN_PATTERN = /^form-[a-z-]{1,40}-(?:team|ack)$/;

export const isPlainTemplate = (template: string) => PLAIN_TEMPLATES.has(template) || PLAIN_PATTERN.test(template);

const URL_ANYWHERE = /https?:\/\/[^\s"'<>]{1,4096}/gi;
const SIX_DIGITS = /\b\d{6}\b/g;
const SECRET_PARAM = /([?&;](?:amp;)?(?:token|magic|identity|confirmEmail|secret|code|sig|signature|key|otp)=)[^&\s"'<>#]{1,4096}/gi;
const OPAQUE_RUN = /[A-Za-z0-9_-]{32,4096}/g;
const MENTIONS_CODE = /\bcode\b/i;

/** A random token or a signed payload mixes upper and lower case; a product slug or a UUID does not. */
const looksOpaque = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run);

function hideByPattern(part: string, codes: boolean): string {
  let out = part.replace(SECRET_PARAM, (_, name: string) => `${name}${HIDDEN_SECRET}`);
  out = out.replace(OPAQUE_RUN, (run) => (looksOpaque(run) ? HIDDEN_SECRET : run));
  return codes ? out.replace(SIX_DIGITS, HIDDEN_CODE) : out;
}

function hidePart(part: string, template: string, codeEmail: boolean): string {
  const bounded = part.length > MAX_PART_CHARS ? part.slice(0, MAX_PART_CHARS) : part;
  const plain = isPlainTemplate(template);
  const byKind = plain ? bounded : bounded.replace(URL_ANYWHERE, HIDDEN_LINK);
  return hideByPattern(byKind, codeEmail || !plain);
}

/** An email as staff may see it: the same parts with every secret replaced by a marker. */
export function staffViewOf(email: EmailParts): EmailParts {
  const codeEmail = MENTIONS_CODE.test(email.subject.slice(0, MAX_PART_CHARS));
  return {
    template: email.template,
    subject: hidePart(email.subject, email.template, codeEmail),
    text: hidePart(email.text, email.template, codeEmail),
    html: hidePart(email.html, email.template, codeEmail),
  };
}

/** The subject alone, for lists (same rules as staffViewOf). */
export const staffSubjectOf = (email: Pick<EmailParts, "template" | "subject">) =>
  hidePart(email.subject, email.template, MENTIONS_CODE.test(email.subject.slice(0, MAX_PART_CHARS)));

/** Whether the staff view of an email still shows `secret` (as written, or escaped the way the HTML part carries it). */
export function staffViewShows(view: EmailParts, secret: string): boolean {
  const escaped = secret.replace(/&/g, "&amp;");
  return [view.subject, view.text, view.html].some((part) => part.includes(secret) || part.includes(escaped));
}
