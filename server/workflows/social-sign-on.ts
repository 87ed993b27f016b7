import { ShopError } from "../../domain/errors";
import { normaliseEmail } from "../../domain/validation";
import { socialProvider, type SocialProfile, type SocialProviderName } from "../integrations/oauth";
import { customerOfIdentity, linkIdentity, markEmailVerified, credentialsOf, startSession, type Client, type SocialFlow, type StartedSession } from "../modules/auth";
import { createCustomer, findCustomerByEmail, findCustomerRow } from "../modules/customers";
import { dbOf, type Shop } from "../shop";

export interface SocialSignOnInput {
  code: string;
  state: string;
  redirectUrl: string;
  /** The provider's iss parameter of the callback (RFC 9207), when it sends one. */
  iss?: string;
}

/**
 * POST /account/google-signon/ and /account/facebook-signon/ (SPEC.md section 7). The flow cookie from the start
 * must name this provider and redirect URL; the provider library checks state, nonce, PKCE and the ID token.
 * Answers the session and whether the customer is new (201) or existing (200). Linking rules (docs/decisions/0016):
 * a known identity signs its member in; otherwise an existing account is linked only when the provider vouches for
 * the email; otherwise a new customer is created with a verified email.
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
  const now = shop.clock.now();
  const { customer, created } = await dbOf(shop).transaction(async (tx) => {
    const linked = await customerOfIdentity(tx, name, profile.subject);
    if (linked) return { customer: await findCustomerRow(tx, linked), created: false };
    if (!profile.email) throw new ShopError("SOCIAL_SIGN_IN_FAILED", "Please allow us to see your email address to sign in this way.");
    const email = normaliseEmail(profile.email);
    const existing = await findCustomerByEmail(tx, email);
    if (existing) {
      if (!profile.emailVerified) throw new ShopError("SOCIAL_LINK_REFUSED");
      await linkIdentity(tx, name, profile.subject, existing.id, now);
      // The provider vouched for the address: an unverified registration of it is now verified.
      if (!(await credentialsOf(tx, existing.id)).emailVerifiedAt) await markEmailVerified(tx, existing.id, now);
      return { customer: existing, created: false };
    }
    const fresh = await createCustomer(tx, email, { firstName: profile.firstName, lastName: profile.lastName }, now);
    if (!fresh) throw new ShopError("SOCIAL_SIGN_IN_FAILED");
    await linkIdentity(tx, name, profile.subject, fresh.id, now);
    await markEmailVerified(tx, fresh.id, now);
    return { customer: fresh, created: true };
  });
  if (!customer) throw new ShopError("SOCIAL_SIGN_IN_FAILED");
  const { token, expiresAt } = await startSession(shop, customer, { userAgent: client.userAgent });
  return { token, expiresAt, customer: { id: customer.id, email: customer.email }, created };
}
