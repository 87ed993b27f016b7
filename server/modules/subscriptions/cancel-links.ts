import { signToken, verifySignedToken } from "../../lib/signed-token";
import type { Shop } from "../../shop";

/**
 * Signed, expiring links that work without signing in (§ 312k BGB: the cancellation button may not require a login).
 * A link names the customer and its purpose; opening it shows one confirmation screen, and only the button there
 * (a POST) changes anything, so mail scanners that prefetch links cancel nothing.
 */
export type LinkPurpose = "cancel" | "confirm-charge";

export const CANCEL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CONFIRM_LINK_TTL_MS = 10 * 24 * 60 * 60 * 1000;

export interface CancelLinkClaims {
  purpose: "cancel";
  customerId: string;
  email: string;
}

export interface ConfirmChargeClaims {
  purpose: "confirm-charge";
  customerId: string;
  subscriptionId: string;
  /** The charge this link confirms: the next billing time when the reminder was sent. */
  billingAt: string;
}

type Claims = CancelLinkClaims | ConfirmChargeClaims;

// A key of its own, derived from the session secret, so a link can never pass as a session token or the reverse.
const secretOf = (shop: Shop) => `subscription-links:${shop.env.SESSION_SECRET}`;

function sign(shop: Shop, claims: Claims, ttlMs: number): string {
  return signToken(secretOf(shop), { ...claims }, { now: shop.clock.now(), ttlMs });
}

async function verify<P extends LinkPurpose>(shop: Shop, token: string, purpose: P): Promise<Extract<Claims, { purpose: P }> | null> {
  if (!token || token.length > 2048) return null;
  const payload = await verifySignedToken(secretOf(shop), token, shop.clock.now());
  if (payload?.purpose !== purpose || typeof payload.customerId !== "string") return null;
  return payload as unknown as Extract<Claims, { purpose: P }>;
}

export const signCancelLink = (shop: Shop, c: Omit<CancelLinkClaims, "purpose">) => sign(shop, { purpose: "cancel", ...c }, CANCEL_LINK_TTL_MS);
export const readCancelLink = (shop: Shop, token: string) => verify(shop, token, "cancel");
export const signConfirmChargeLink = (shop: Shop, c: Omit<ConfirmChargeClaims, "purpose">) =>
  sign(shop, { purpose: "confirm-charge", ...c }, CONFIRM_LINK_TTL_MS);
export const readConfirmChargeLink = (shop: Shop, token: string) => verify(shop, token, "confirm-charge");

/** Page paths the links open (React Router routes of the subscriptions area). */
export const CANCEL_PAGE_PATH = "/cancel-subscription";
export const cancelLinkPath = (token: string) => `${CANCEL_PAGE_PATH}/confirm?token=${encodeURIComponent(token)}`;
export const confirmChargePath = (token: string) => `/account/subscriptions/confirm-charge?token=${encodeURIComponent(token)}`;

/** The URL for the reminder email's cancel button (renewals issue): the same flow as the footer's link. */
export async function cancelLinkUrl(shop: Shop, origin: string, c: Omit<CancelLinkClaims, "purpose">): Promise<string> {
  return new URL(cancelLinkPath(await signCancelLink(shop, c)), origin).toString();
}

/** The URL for the reminder email's confirm button when the member asked to confirm each charge. */
export async function confirmChargeUrl(shop: Shop, origin: string, c: Omit<ConfirmChargeClaims, "purpose">): Promise<string> {
  return new URL(confirmChargePath(await signConfirmChargeLink(shop, c)), origin).toString();
}
