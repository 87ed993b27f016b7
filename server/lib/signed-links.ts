import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring tokens for one-click links in emails (skip this shipment, manage, cancel, update the card, confirm a
 * payment): usable without signing in, bound to one purpose and one subject, and useless after they expire.
 * The key is derived from SESSION_SECRET for this use only, so a link token can never pass as a session or vice versa.
 * A token is `<payload>.<mac>`, both base64url; the payload is JSON {p: purpose, s: subject, x: scope, e: expiry seconds}.
 */
// "order": read one order and its invoice (the confirmation email's links, ADR 0063); "manage": one subscription's page.
// "review": write one review of one product line of one order (subject the order, scope the line; ADR 0068).
export const LINK_PURPOSES = ["skip", "manage", "cancel", "update-card", "confirm-payment", "newsletter-confirm", "newsletter-unsubscribe", "order", "review"] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface SignedLink {
  purpose: LinkPurpose;
  /** What the link acts on, e.g. a subscription id. */
  subject: string;
  /** Narrows the link further, e.g. the billing period a skip link skips (so an old email cannot skip a later one). */
  scope: string | null;
  expiresAt: Date;
}

export type LinkCheck = { ok: true; link: SignedLink } | { ok: false; reason: "malformed" | "bad_signature" | "expired" | "wrong_purpose" };

function linkKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "shop", "signed-links v1", 32));
}

const mac = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

export function signLink(secret: string, link: SignedLink): string {
  const payload = Buffer.from(
    JSON.stringify({ p: link.purpose, s: link.subject, x: link.scope, e: Math.floor(link.expiresAt.getTime() / 1000) }),
  ).toString("base64url");
  return `${payload}.${mac(linkKey(secret), payload)}`;
}

/** Checks a token for one purpose at `now` (the shop's clock). Signature first, so nothing unsigned is ever parsed. */
export function verifyLink(secret: string, token: string, purpose: LinkPurpose, now: Date): LinkCheck {
  const parts = typeof token === "string" ? token.split(".") : [];
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 1024) return { ok: false, reason: "malformed" };
  const [payload, given] = parts as [string, string];
  const expected = Buffer.from(mac(linkKey(secret), payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: "bad_signature" };
  let data: { p?: unknown; s?: unknown; x?: unknown; e?: unknown };
  try {
    data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof data.s !== "string" || typeof data.e !== "number" || !(LINK_PURPOSES as readonly unknown[]).includes(data.p)) return { ok: false, reason: "malformed" };
  if (data.p !== purpose) return { ok: false, reason: "wrong_purpose" };
  if (now.getTime() >= data.e * 1000) return { ok: false, reason: "expired" };
  return { ok: true, link: { purpose, subject: data.s, scope: typeof data.x === "string" ? data.x : null, expiresAt: new Date(data.e * 1000) } };
}
