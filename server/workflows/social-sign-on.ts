import { ShopError } from "../../domain/errors";
import { normaliseEmail } from "../../domain/validation";
import { socialProvider, type SocialProfile, type SocialProviderName } from "../integrations/oauth";
import {
  addressKey,
  credentialsOf,
  identityOf,
  issueLinkToken,
  linkIdentity,
  linkPendingIdentity,
  queueAccountEmail,
  revokeAllSessions,
  clearPasswordHash,
  proveAddress,
  startSession,
  throttleAccountMail,
  type Client,
  type SocialFlow,
  type StartedSession,
} from "../modules/auth";
import { createCustomer, findCustomerByEmail, findCustomerRow } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import type { Tx } from "../db/client";
import { dbOf, type Shop } from "../shop";

export interface SocialSignOnInput {
  code: string;
  state: string;
  redirectUrl: string;
  /** The provider's iss parameter of the callback (RFC 9207), when it sends one. */
  iss?: string;
}

type Customer = { id: string; email: string };
/** What the callback comes to: a session, or an email to confirm before the identity may sign anyone in. */
type Outcome = { kind: "session"; customer: Customer; created: boolean } | { kind: "confirm"; customer: Customer };

/**
 * POST /account/google-signon/ and /account/facebook-signon/ (SPEC.md section 7). The flow cookie from the start
 * must name this provider and redirect URL; the provider library checks state, nonce, PKCE and the ID token.
 * Answers the session and whether the customer is new (201) or existing (200). Linking rules (docs/decisions/0016,
 * 0049): a confirmed identity signs its member in. Otherwise the provider must vouch for the email
 * (email_verified: true) to link or create an account; when it does not (Facebook never does), a new account is
 * created unverified, the identity waits unconfirmed, and our own email carries the link that confirms it. Until the
 * address's owner opens that link nobody is signed in, so nobody can pre-claim an address they do not read.
 */
export async function socialSignOn(
  shop: Shop,
  name: SocialProviderName,
  input: SocialSignOnInput,
  flow: SocialFlow | null,
  client: Client,
): Promise<StartedSession & { created: boolean }> {
  const provider = socialProvider(shop.env, name);
  if (!provider) throw new ShopError("SOCIAL_NOT_CONFIGURED");
  if (!flow || flow.provider !== name || flow.redirectUri !== input.redirectUrl) throw new ShopError("SOCIAL_SIGN_IN_FAILED");
  let profile: SocialProfile;
  try {
    profile = await provider.exchange({ code: input.code, state: input.state, iss: input.iss, redirectUri: input.redirectUrl, expected: flow });
  } catch (error) {
    shop.log.info({ provider: name, reason: (error as Error).message }, "social sign-in refused");
    throw new ShopError("SOCIAL_SIGN_IN_FAILED");
  }
  // Only a profile whose email the provider does not vouch for can lead to an email: throttled like every account email.
  if (!profile.emailVerified && profile.email) await throttleAccountMail(shop, normaliseEmail(profile.email), addressKey(client));
  const outcome = await dbOf(shop).transaction(async (tx) => {
    const decided = await decide(tx, name, profile, shop.clock.now());
    if (decided.kind === "confirm") await queueIdentityConfirmation(tx, { provider: name, profile, customer: decided.customer }, client.origin, shop.clock.now());
    return decided;
  });
  if (outcome.kind === "confirm") {
    void sendQueuedEmailsSoon(shop);
    throw new ShopError("SOCIAL_EMAIL_UNCONFIRMED");
  }
  const { token, expiresAt } = await startSession(shop, outcome.customer, { userAgent: client.userAgent });
  return { token, expiresAt, customer: { id: outcome.customer.id, email: outcome.customer.email }, created: outcome.created };
}

async function decide(tx: Tx, name: SocialProviderName, profile: SocialProfile, now: Date): Promise<Outcome> {
  const identity = await identityOf(tx, name, profile.subject);
  const linked = identity ? await findCustomerRow(tx, identity.customerId) : null;
  if (identity && linked) return identity.confirmed ? { kind: "session", customer: linked, created: false } : { kind: "confirm", customer: linked };
  if (!profile.email) throw new ShopError("SOCIAL_SIGN_IN_FAILED", "Please allow us to see your email address to sign in this way.");
  const email = normaliseEmail(profile.email);
  const existing = await findCustomerByEmail(tx, email);
  if (existing) {
    if (!profile.emailVerified) throw new ShopError("SOCIAL_LINK_REFUSED");
    const credentials = await credentialsOf(tx, existing.id);
    if (!credentials.emailVerifiedAt && credentials.passwordHash) {
      // A password typed by whoever registered this address without ever proving it: the provider has now shown the
      // address is someone else's to use, so that password and its sessions must not survive into a verified account.
      await clearPasswordHash(tx, existing.id, now);
      await revokeAllSessions(tx, existing.id, now);
    }
    await linkIdentity(tx, name, profile.subject, existing.id, now);
    await proveAddress(tx, existing.id, now);
    return { kind: "session", customer: existing, created: false };
  }
  const fresh = await createCustomer(tx, email, { firstName: profile.firstName, lastName: profile.lastName }, now);
  if (!fresh) throw new ShopError("SOCIAL_SIGN_IN_FAILED");
  if (!profile.emailVerified) return { kind: "confirm", customer: fresh };
  await linkIdentity(tx, name, profile.subject, fresh.id, now);
  await proveAddress(tx, fresh.id, now);
  return { kind: "session", customer: fresh, created: true };
}

/**
 * The identity waits for the link emailed to the address; only that link (login page, ?identity=) confirms it. The
 * email names the provider, the name it gave for its account and the Seed account it will sign in to, so its reader
 * can tell a sign-in of their own from someone else's (issue 33).
 */
async function queueIdentityConfirmation(tx: Tx, pending: { provider: SocialProviderName; profile: SocialProfile; customer: Customer }, origin: string, now: Date): Promise<void> {
  const { customer, profile } = pending;
  const { id, secret } = await issueLinkToken(tx, { customerId: customer.id, purpose: "link_identity", email: customer.email, now });
  await linkPendingIdentity(tx, { provider: pending.provider, subject: profile.subject, customerId: customer.id, tokenId: id }, now);
  const link = { provider: PROVIDER_NAMES[pending.provider], account: customer.email, displayName: displayNameOf(profile) };
  await queueAccountEmail(tx, customer.email, "confirm_social", id, { url: `${origin}/login?${new URLSearchParams({ identity: secret })}`, link }, now);
}

const PROVIDER_NAMES: Record<SocialProviderName, string> = { google: "Google", facebook: "Facebook" };

/** The name the provider gave (whoever signed in chose it): one line, at most 60 characters; null when it gave none. */
function displayNameOf(profile: SocialProfile): string | null {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ").replace(/\s+/g, " ").trim();
  return name ? name.slice(0, 60) : null;
}
