import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { paymentMethods } from "../../db/schema";

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The member's default card (brand, last four and expiry only), or null. A held card (ADR 0057) is never the default. */
export async function defaultCardOf(db: Queryable, customerId: string): Promise<SavedCard | null> {
  const [row] = await db
    .select({ id: paymentMethods.id, brand: paymentMethods.brand, last4: paymentMethods.last4, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.isDefault, true), isNull(paymentMethods.heldAt)))
    .limit(1);
  return row ?? null;
}

/** Every card a member saved (brand, last four, expiry and the gateway's fingerprint; never a number), for the self-referral signal. */
export async function savedCardsOf(db: Queryable, customerId: string): Promise<(Omit<SavedCard, "id"> & { fingerprint: string | null })[]> {
  return db
    .select({ brand: paymentMethods.brand, last4: paymentMethods.last4, expMonth: paymentMethods.expMonth, expYear: paymentMethods.expYear, fingerprint: paymentMethods.fingerprint })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId));
}

/** Forgets the gateway tokens of a deleted member's cards (brand and last four stay with the kept orders). */
export async function eraseCardTokensOf(db: Queryable, customerId: string): Promise<void> {
  const rows = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.customerId, customerId));
  for (const row of rows) await db.update(paymentMethods).set({ token: `erased-${row.id}`, isDefault: false }).where(eq(paymentMethods.id, row.id));
}
