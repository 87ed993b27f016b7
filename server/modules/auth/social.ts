import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Queryable } from "../../db/client";
import { socialIdentities } from "../../db/schema";
import type { FlowSecrets, SocialProviderName } from "../../integrations/oauth";
import type { Shop } from "../../shop";
import { hmacKey } from "../../lib/hmac-key";

/** The cookie that carries a social sign-in's state, nonce and PKCE verifier from the start to the callback. */
export const SOCIAL_FLOW_COOKIE = "seed_oauth";
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

export interface SocialFlow extends FlowSecrets {
  provider: SocialProviderName;
  redirectUri: string;
  redirectTo: string | null;
}

const key = (shop: Shop) => hmacKey(`social-flow:${shop.env.SESSION_SECRET}`);
const secret = () => randomBytes(32).toString("base64url");

export function newFlowSecrets(): FlowSecrets {
  return { state: secret(), nonce: secret(), codeVerifier: secret() };
}

/** Signs the flow for its cookie: the browser holds it, cannot change it, and it expires in 10 minutes. */
export async function signSocialFlow(shop: Shop, flow: SocialFlow): Promise<string> {
  const now = Math.floor(shop.clock.now().getTime() / 1000);
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(now)
    .setExpirationTime(now + SOCIAL_FLOW_TTL_MS / 1000)
    .sign(await key(shop));
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
  try {
    const { payload } = await jwtVerify(token, await key(shop), { algorithms: ["HS256"], currentDate: shop.clock.now() });
    const parsed = FlowClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function customerOfIdentity(db: Queryable, provider: SocialProviderName, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: socialIdentities.customerId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row?.customerId ?? null;
}

export async function linkIdentity(db: Queryable, provider: SocialProviderName, subject: string, customerId: string, now: Date): Promise<void> {
  await db.insert(socialIdentities).values({ provider, subject, customerId, createdAt: now }).onConflictDoNothing();
}

export async function identitiesOf(db: Queryable, customerId: string): Promise<{ provider: string; createdAt: Date }[]> {
  return db.select({ provider: socialIdentities.provider, createdAt: socialIdentities.createdAt }).from(socialIdentities).where(eq(socialIdentities.customerId, customerId));
}

export async function deleteIdentitiesOf(db: Queryable, customerId: string): Promise<void> {
  await db.delete(socialIdentities).where(eq(socialIdentities.customerId, customerId));
}
