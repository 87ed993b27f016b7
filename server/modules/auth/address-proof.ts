import type { Queryable } from "../../db/client";
import { markEmailVerified } from "./credentials";
import { dropUnprovenIdentities } from "./social";

/**
 * The address was just proven by our own email (a link or a code opened from it), or vouched for by a provider:
 * it is verified, and any identity still waiting for confirmation is dropped. Such an identity was asked for by
 * whoever signed in with it, who is not necessarily the person now reading this mailbox (docs/decisions/0049).
 */
export async function proveAddress(db: Queryable, customerId: string, now: Date): Promise<void> {
  await markEmailVerified(db, customerId, now);
  await dropUnprovenIdentities(db, customerId, null);
}
