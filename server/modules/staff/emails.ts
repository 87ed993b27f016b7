import type { Queryable } from "../../db/client";
import { escapeHtml } from "../../lib/email-html";
import { enqueueEmail } from "../email";

export const CONSOLE_SIGN_IN_CEILING = "console-sign-in-ceiling";

const minutes = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} hour${ms === 3_600_000 ? "" : "s"}` : `${Math.round(ms / 60_000)} minutes`);

export function renderSignInCeiling(p: { email: string; limit: number; windowMs: number }) {
  const subject = "Someone is trying to sign in to your Seed console account";
  const lines = [
    `There have been ${p.limit} failed sign-in attempts on the console account ${p.email} within ${minutes(p.windowMs)}, from many addresses.`,
    "Sign-in to your account is slowed until the attempts stop; your password and authenticator still work when the wait is over.",
    "If this was not you, tell the shop's owner. Nothing needs changing if your password is long and used nowhere else; if it might be known, change it after signing in.",
  ];
  // No link: a link in a warning about an attack is what a phishing copy of it would carry.
  const text = [...lines, "", "Seed"].join("\n");
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>Seed</p>`;
  return { subject, text, html };
}

/** Tells the owner of a staff account that its failure ceiling was reached: once per account and window (the outbox key). */
export async function queueSignInCeilingEmail(db: Queryable, e: { staffId: string; email: string; limit: number; windowMs: number; now: Date }) {
  const window = Math.floor(e.now.getTime() / e.windowMs);
  return enqueueEmail(
    db,
    { to: e.email, ...renderSignInCeiling(e), template: CONSOLE_SIGN_IN_CEILING, idempotencyKey: `${CONSOLE_SIGN_IN_CEILING}:${e.staffId}:${window}` },
    { now: e.now },
  );
}
