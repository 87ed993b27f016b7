import { createHash } from "node:crypto";
import { MESSAGES, normaliseEmail } from "../../../domain/validation";
import { newsletterSubscribers } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export function hashEmail(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex");
}

/** Subscribes an address (already validated). Subscribing twice is not an error: the first consent stands. */
export async function subscribe(shop: Shop, email: string, sourcePath: string | null): Promise<{ hashedEmail: string }> {
  const normalised = normaliseEmail(email);
  const hashedEmail = hashEmail(normalised);
  await dbOf(shop)
    .insert(newsletterSubscribers)
    .values({ email: normalised, hashedEmail, sourcePath, consentText: MESSAGES.newsletterConsent, createdAt: shop.clock.now() })
    .onConflictDoNothing({ target: newsletterSubscribers.email });
  return { hashedEmail };
}
