import type { Queryable } from "../../db/client";
import { earnOrderPoints } from "../loyalty";
import { claimHeldOrders } from "../orders";
import { claimHeldPaymentMethods } from "../payments";
import { claimHeldSubscriptions } from "../subscriptions";
import { credentialsOf, markEmailVerified } from "./credentials";
import { revokeAllSessions } from "./sessions";
import { dropUnprovenIdentities } from "./social";

/**
 * The address was just proven by our own email (a link or a code opened from it), or vouched for by a provider:
 * it is verified, and any identity still waiting for confirmation is dropped. Such an identity was asked for by
 * whoever signed in with it, who is not necessarily the person now reading this mailbox (docs/decisions/0049).
 * Orders placed signed-out under this address, held until now, become the account's (ADR 0057).
 */
export async function proveAddress(db: Queryable, customerId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await markEmailVerified(tx, customerId, now);
    await dropUnprovenIdentities(tx, customerId, null);
    await claimHeldPurchases(tx, customerId, now);
  });
}

/**
 * A held order (a signed-out checkout under an existing account's email) shows nowhere in the account and earned no
 * points. Proof of the mailbox is proof enough that its orders are the reader's: their subscriptions join the portal,
 * their cards the account's cards, and their points (renewals of held subscriptions too) are earned now (keyed by the
 * order, so never twice).
 */
async function claimHeldPurchases(tx: Queryable, customerId: string, now: Date): Promise<void> {
  const claimed = await claimHeldOrders(tx, customerId);
  if (claimed.length === 0) return;
  await claimHeldSubscriptions(tx, customerId);
  await claimHeldPaymentMethods(tx, customerId);
  for (const order of claimed) await earnOrderPoints(tx, { customerId, orderId: order.id, amount: order.total, now });
}

/**
 * Before a proof other than the registration's own link (a magic link, a code, a social confirmation) verifies an
 * address for the first time: the sessions of that account were started by a sign-up that proved nothing, maybe by
 * someone who typed an address that is not theirs (a sign-up signs in at once, issue 34). The mailbox's owner is
 * signing in now; whoever signed up must not keep a session into the account the proof verifies and whose held
 * orders it claims.
 */
export async function endSessionsOfUnprovenSignUp(db: Queryable, customerId: string, now: Date): Promise<void> {
  if ((await credentialsOf(db, customerId)).emailVerifiedAt) return;
  await revokeAllSessions(db, customerId, now);
}
