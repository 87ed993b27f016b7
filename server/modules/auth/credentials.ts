import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { accountCredentials } from "../../db/schema";

export interface Credentials {
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
}

export async function credentialsOf(db: Queryable, customerId: string): Promise<Credentials> {
  const [row] = await db
    .select({ passwordHash: accountCredentials.passwordHash, emailVerifiedAt: accountCredentials.emailVerifiedAt })
    .from(accountCredentials)
    .where(eq(accountCredentials.customerId, customerId))
    .limit(1);
  return row ?? { passwordHash: null, emailVerifiedAt: null };
}

export async function storePasswordHash(db: Queryable, customerId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .insert(accountCredentials)
    .values({ customerId, passwordHash, passwordChangedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: accountCredentials.customerId, set: { passwordHash, passwordChangedAt: now, updatedAt: now } });
}

/** Forgets a password that was never tied to a proven address (docs/decisions/0049). */
export async function clearPasswordHash(db: Queryable, customerId: string, now: Date): Promise<void> {
  await db.update(accountCredentials).set({ passwordHash: null, updatedAt: now }).where(eq(accountCredentials.customerId, customerId));
}

/** Marks the member's email verified (the first time only; later calls keep the first date). */
export async function markEmailVerified(db: Queryable, customerId: string, now: Date): Promise<void> {
  await db.insert(accountCredentials).values({ customerId, emailVerifiedAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await db.select({ at: accountCredentials.emailVerifiedAt }).from(accountCredentials).where(eq(accountCredentials.customerId, customerId));
  if (!row?.at) await db.update(accountCredentials).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(accountCredentials.customerId, customerId));
}

export async function deleteCredentials(db: Queryable, customerId: string): Promise<void> {
  await db.delete(accountCredentials).where(eq(accountCredentials.customerId, customerId));
}
