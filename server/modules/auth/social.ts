import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../../db/client";
import { socialIdentities } from "../../db/schema";
import type { FlowSecrets, SocialProviderName } from "../../integrations/oauth";
import type { Shop } from "../../shop";
import { signToken, verifySignedToken } from "../../lib/signed-token";

/** The cookie that carries a social sign-in's state, nonce and PKCE verifier from the start to the callback. */
export const SOCIAL_FLOW_COOKIE = "seed_oauth";
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

export interface SocialFlow extends FlowSecrets {
  provider: SocialProviderName;
  redirectUri: string;
  redirectTo: string | null;
}

const secretOf = (shop: Shop) => `social-flow:${shop.env.SESSION_SECRET}`;
const secret = () => randomBytes(32).toString("base64url");

export function newFlowSecrets(): FlowSecrets {
  return { state: secret(), nonce: secret(), codeVerifier: secret() };
}

/** Signs the flow for its cookie: the browser holds it, cannot change it, and it expires in 10 minutes. */
export async function signSocialFlow(shop: Shop, flow: SocialFlow): Promise<string> {
  return signToken(secretOf(shop), { ...flow }, { now: shop.clock.now(), ttlMs: SOCIAL_FLOW_TTL_MS });
}

const FlowClaims = z.object({
  provider: z.enum(["google", "facebook"]),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  redirectTo: z.string().nullable(),
});

export async function readSocialFlow(shop: Shop, token: string | undefined): Promise<SocialFlow | null> {
  if (!token || token.length > 4096) return null;
  const parsed = FlowClaims.safeParse(await verifySignedToken(secretOf(shop), token, shop.clock.now()));
  return parsed.success ? parsed.data : null;
}

/** The member a provider's subject is linked to, and whether the link is confirmed (only a confirmed one signs in). */
export async function identityOf(db: Queryable, provider: SocialProviderName, subject: string): Promise<{ customerId: string; confirmed: boolean } | null> {
  const [row] = await db
    .select({ customerId: socialIdentities.customerId, confirmedAt: socialIdentities.confirmedAt })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row ? { customerId: row.customerId, confirmed: row.confirmedAt !== null } : null;
}

/** Links an identity whose address is proven (the provider vouched for it, or our link was opened). */
export async function linkIdentity(db: Queryable, provider: SocialProviderName, subject: string, customerId: string, now: Date): Promise<void> {
  await db.insert(socialIdentities).values({ provider, subject, customerId, createdAt: now, confirmedAt: now }).onConflictDoNothing();
}

/**
 * Records an identity the provider did not vouch for, waiting for the link_identity token emailed to the address.
 * Asking again points it at the newer token (the older one was retired when the new one was issued).
 */
export async function linkPendingIdentity(db: Queryable, identity: { provider: SocialProviderName; subject: string; customerId: string; tokenId: string }, now: Date): Promise<void> {
  await db
    .insert(socialIdentities)
    .values({ provider: identity.provider, subject: identity.subject, customerId: identity.customerId, createdAt: now, confirmTokenId: identity.tokenId })
    .onConflictDoUpdate({ target: [socialIdentities.provider, socialIdentities.subject], set: { confirmTokenId: identity.tokenId }, setWhere: isNull(socialIdentities.confirmedAt) });
}

/** Confirms the identity waiting for this token (and no other): the address's owner opened the link. */
export async function confirmIdentityOfToken(db: Queryable, tokenId: string, now: Date): Promise<void> {
  await db
    .update(socialIdentities)
    .set({ confirmedAt: now, confirmTokenId: null })
    .where(and(eq(socialIdentities.confirmTokenId, tokenId), isNull(socialIdentities.confirmedAt)));
}

/**
 * Drops the identities that were not proven: every unconfirmed one, and any linked before `provenAt` (when the address
 * was last proven by our own email). Called when a password is set or reset from an emailed link, so an identity
 * someone linked to an address before its owner showed up cannot sign into the owner's account.
 */
export async function dropUnprovenIdentities(db: Queryable, customerId: string, provenAt: Date | null): Promise<void> {
  await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.customerId, customerId), or(isNull(socialIdentities.confirmedAt), provenAt ? lt(socialIdentities.createdAt, provenAt) : undefined)));
}

/** The member's linked identities, confirmed ones only (settings lists them, each with a way to remove it). */
export async function identitiesOf(db: Queryable, customerId: string): Promise<{ provider: SocialProviderName; createdAt: Date }[]> {
  const rows = await db
    .select({ provider: socialIdentities.provider, createdAt: socialIdentities.createdAt })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.customerId, customerId), isNotNull(socialIdentities.confirmedAt)));
  return rows as { provider: SocialProviderName; createdAt: Date }[];
}

/** Removes one of the member's linked identities (settings). Answers whether there was one. */
export async function unlinkIdentity(db: Queryable, customerId: string, provider: SocialProviderName): Promise<boolean> {
  const removed = await db
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.customerId, customerId), eq(socialIdentities.provider, provider)))
    .returning({ subject: socialIdentities.subject });
  return removed.length > 0;
}

export async function deleteIdentitiesOf(db: Queryable, customerId: string): Promise<void> {
  await db.delete(socialIdentities).where(eq(socialIdentities.customerId, customerId));
}
