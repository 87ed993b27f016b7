import { escapeHtml as e } from "../../../lib/email-html";
import type { Queryable } from "../../../db/client";
import { enqueueEmail } from "../../email";

/**
 * The account area's emails: verification, set-password, magic link, 6-digit code, reset, email change, and the
 * notes to an existing member when someone registers with their address or tries to move another account onto it, and
 * the confirmation that links a Google or Facebook account whose provider did not vouch for the address. Each is a short message with one action.
 */
export type AccountEmailKind = "verify" | "set_password" | "magic_link" | "login_code" | "reset_password" | "change_email" | "already_registered" | "email_in_use" | "confirm_social";

interface AccountEmailContent {
  subject: string;
  lead: string;
  action?: { label: string; url: string };
  code?: string;
  after: string;
}

/**
 * What an account email may carry: its link or code and, for the social confirmation, who is being linked to what
 * (the provider's name, the Seed account's address, the name the provider gave), so the reader can tell whether it
 * was them before they click.
 */
export interface AccountEmailParams {
  url?: string;
  code?: string;
  link?: { provider: string; account: string; displayName?: string | null };
}

const CONTENT: Record<AccountEmailKind, (p: AccountEmailParams) => AccountEmailContent> = {
  verify: ({ url }) => ({
    subject: "Verify your email for your Seed account",
    lead: "Thanks for creating a Seed account. Confirm this is your email address to finish setting it up.",
    action: { label: "Verify my email", url: url! },
    after: "The link works for 7 days. If you did not create an account, you can ignore this email.",
  }),
  set_password: ({ url }) => ({
    subject: "Set a password for your Seed account",
    lead: "You have an account from your order with us. Choose a password to see your orders and manage your subscription.",
    action: { label: "Set my password", url: url! },
    after: "The link works for 24 hours and only once. Setting a password also confirms your email address.",
  }),
  magic_link: ({ url }) => ({
    subject: "Your Seed sign-in link",
    lead: "Use this link to sign in to your Seed account. No password needed.",
    action: { label: "Sign in to Seed", url: url! },
    after: "The link works for 15 minutes and only once. If you did not ask for it, ignore this email: nobody can sign in without it.",
  }),
  login_code: ({ code }) => ({
    subject: `${code} is your Seed sign-in code`,
    lead: "Enter this code on the sign-in page to sign in to your Seed account.",
    code,
    after: "The code works for 10 minutes and only once. If you did not ask for it, ignore this email.",
  }),
  reset_password: ({ url }) => ({
    subject: "Reset your Seed password",
    lead: "Someone (hopefully you) asked to reset the password of your Seed account.",
    action: { label: "Choose a new password", url: url! },
    after: "The link works for 1 hour and only once. A new password signs you out on every other device.",
  }),
  change_email: ({ url }) => ({
    subject: "Confirm your new email for your Seed account",
    lead: "Confirm this address to make it the email of your Seed account. Until then, your account keeps its current email.",
    action: { label: "Confirm my new email", url: url! },
    after: "The link works for 24 hours and only once. If you did not ask for this change, ignore this email.",
  }),
  already_registered: ({ url }) => ({
    subject: "You already have a Seed account",
    lead: "Someone tried to create a Seed account with this email address, but you already have one.",
    action: { label: "Sign in or reset my password", url: url! },
    after: "If this was not you, nothing has changed and you can ignore this email.",
  }),
  email_in_use: ({ url }) => ({
    subject: "Someone tried to use your email address at Seed",
    lead: "Someone signed in to another Seed account asked to change its email to this address. It already belongs to your account, so nothing was changed.",
    action: { label: "Sign in to my account", url: url! },
    after: "You do not need to do anything. If you keep getting these notes, reply to this email and we will look into it.",
  }),
  confirm_social: ({ url, link }) => ({
    subject: "Confirm your email to sign in to Seed",
    lead: socialLinkLead(link),
    action: { label: "Confirm and sign in", url: url! },
    after: "The link works for 24 hours and only once. If this was not you, ignore this email: no account can be used with this address until it is confirmed.",
  }),
};

/** The social confirmation's lead: which provider's account (and whose, by the name it gave) will sign in to which Seed account. */
function socialLinkLead(link: AccountEmailParams["link"]): string {
  if (!link) {
    return "You started signing in to Seed with a social account that did not confirm this email address to us. Confirm it is yours to finish creating your Seed account and link that sign-in to it.";
  }
  const who = link.displayName ? `the ${link.provider} account of ${link.displayName}` : `a ${link.provider} account`;
  return `You started signing in to Seed with ${who}, which did not confirm this email address to us. Confirming links that ${link.provider} account to the Seed account ${link.account}: from then on it signs in to that account.`;
}

export function renderAccountEmail(kind: AccountEmailKind, params: AccountEmailParams): { subject: string; text: string; html: string } {
  const c = CONTENT[kind](params);
  const text = [c.lead, c.action ? `${c.action.label}: ${c.action.url}` : "", c.code ? `Your code: ${c.code}` : "", c.after, "Seed"].filter(Boolean).join("\n\n");
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f4f1ea;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px"><tr><td style="padding:32px">
<h1 style="font-size:22px;margin:0 0 16px">${e(c.subject)}</h1>
<p style="font-size:16px;line-height:1.5">${e(c.lead)}</p>
${c.action ? `<p style="margin:24px 0"><a href="${e(c.action.url)}" style="background:#1f3b2d;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:600">${e(c.action.label)}</a></p><p style="font-size:13px;color:#4d5a52;word-break:break-all">${e(c.action.url)}</p>` : ""}
${c.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:24px 0" aria-label="Your code">${e(c.code)}</p>` : ""}
<p style="font-size:14px;line-height:1.5;color:#4d5a52">${e(c.after)}</p>
</td></tr></table></body></html>`;
  return { subject: c.subject, text, html };
}

/**
 * Queues an account email in the caller's transaction; the token's id makes it one email however often it retries.
 * Every account email has someone waiting for it (a code or a link that expires), so it goes before receipts.
 */
export async function queueAccountEmail(db: Queryable, to: string, kind: AccountEmailKind, key: string, params: AccountEmailParams, now: Date): Promise<void> {
  // The link and the code are what signs in: named as secrets, queuing fails if the console would show them (ADR 0055).
  const secrets = [params.url, params.code].filter((s): s is string => Boolean(s));
  await enqueueEmail(db, { to, ...renderAccountEmail(kind, params), template: `account-${kind}`, idempotencyKey: `account-${kind}:${key}`, urgent: true, secrets }, { now });
}
