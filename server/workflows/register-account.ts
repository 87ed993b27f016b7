import { dbOf, type Shop } from "../shop";
import { beginSession, credentialsOf, hashPassword, queueAccountEmail, queueVerification, storePasswordHash, issueLinkToken, type Client, type StartedSession } from "../modules/auth";
import { createCustomer, findCustomerByEmail } from "../modules/customers";
import { sendQueuedEmailsSoon } from "../modules/email";
import { normaliseEmail } from "../../domain/validation";

export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * POST /api/auth/register and the sign-up page. A new address is signed in at once (issue 34): the customer, the
 * password, a verification link, and a new session, answered to the caller. Every other case answers the same ("check
 * your email") and signs nobody in, so registering never reveals an existing account (docs/decisions/0009, 0066);
 * what differs is the email the address's owner receives:
 * - a new address: the verification link (until it is opened, a password sign-in still answers UNVERIFIED_ACCOUNT, and
 *   nothing held under the address is claimed: only a proof of the mailbox does that, ADR 0057);
 * - a guest from checkout (no password): a set-password link, the "Don't have a password?" path. The password
 *   typed here is NOT kept: whoever typed it has not shown they own the address;
 * - a member: a note that they already have an account, with a link to sign in or reset (unverified: the link again).
 * Idempotency: the customer row is unique by email; a retry of a new registration finds the member case.
 */
export async function registerAccount(shop: Shop, input: Registration, client: Client): Promise<StartedSession | null> {
  const email = normaliseEmail(input.email);
  // Hash first, in every case, so the answer takes as long whoever the address belongs to.
  const hash = await hashPassword(input.password);
  const now = shop.clock.now();
  const existing = await findCustomerByEmail(dbOf(shop), email);
  if (!existing) {
    const created = await dbOf(shop).transaction(async (tx) => {
      const customer = await createCustomer(tx, email, input, now);
      if (customer) await storePasswordHash(tx, customer.id, hash, now);
      return customer;
    });
    if (created) {
      await queueVerification(shop, created, client);
      return beginSession(shop, created, client);
    }
    return registerAccount(shop, input, client); // Lost a race with another registration: answer as for a member.
  }
  const credentials = await credentialsOf(dbOf(shop), existing.id);
  if (credentials.passwordHash && !credentials.emailVerifiedAt) {
    await queueVerification(shop, existing, client);
    return null;
  }
  const purpose = credentials.passwordHash ? "reset_password" : "set_password";
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLinkToken(tx, { customerId: existing.id, purpose, email: existing.email, now });
    const url = `${client.origin}/recover?${new URLSearchParams({ token: secret, kind: purpose === "reset_password" ? "reset" : "set" })}`;
    await queueAccountEmail(tx, existing.email, purpose === "reset_password" ? "already_registered" : "set_password", id, { url }, now);
  });
  void sendQueuedEmailsSoon(shop);
  return null;
}
