import { dbOf, type Shop } from "../shop";
import { credentialsOf, hashPassword, queueAccountEmail, queueVerification, storePasswordHash, issueLinkToken, type Client } from "../modules/auth";
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
 * POST /api/auth/register. Every case answers the same ("check your email"), so registering tells nobody whether an
 * address has an account (docs/decisions/0009); what differs is the email the address's owner receives:
 * - a new address: the customer, the password and a verification link;
 * - a guest from checkout (no password): a set-password link, the "Don't have a password?" path. The password
 *   typed here is NOT kept: whoever typed it has not shown they own the address;
 * - a member: a note that they already have an account, with a link to sign in or reset (unverified: the link again).
 * Idempotency: the customer row is unique by email; a retry of a new registration finds the member case.
 */
export async function registerAccount(shop: Shop, input: Registration, client: Client): Promise<void> {
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
    if (created) return queueVerification(shop, created, client);
    return registerAccount(shop, input, client); // Lost a race with another registration: answer as for a member.
  }
  const credentials = await credentialsOf(dbOf(shop), existing.id);
  if (credentials.passwordHash && !credentials.emailVerifiedAt) return queueVerification(shop, existing, client);
  const purpose = credentials.passwordHash ? "reset_password" : "set_password";
  await dbOf(shop).transaction(async (tx) => {
    const { id, secret } = await issueLinkToken(tx, { customerId: existing.id, purpose, email: existing.email, now });
    const url = `${client.origin}/recover?${new URLSearchParams({ token: secret, kind: purpose === "reset_password" ? "reset" : "set" })}`;
    await queueAccountEmail(tx, existing.email, purpose === "reset_password" ? "already_registered" : "set_password", id, { url }, now);
  });
  void sendQueuedEmailsSoon(shop);
}
