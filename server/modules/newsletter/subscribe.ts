import { emailMatchHash } from "../../../domain/ad-hashes";
import { MESSAGES, normaliseEmail } from "../../../domain/validation";
import { newsletterSubscribers } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

/** Subscribes an address (already validated). Subscribing twice is not an error: the first consent stands. */
export async function subscribe(shop: Shop, email: string, sourcePath: string | null): Promise<{ hashedEmail: string }> {
  const normalised = normaliseEmail(email);
  // The advertising-match hash of SPEC.md section 5, computed as the browser computes it (domain/ad-hashes.ts).
  const hashedEmail = await emailMatchHash(normalised);
  await dbOf(shop)
    .insert(newsletterSubscribers)
    .values({ email: normalised, hashedEmail, sourcePath, consentText: MESSAGES.newsletterConsent, createdAt: shop.clock.now() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
  return { hashedEmail };
}
