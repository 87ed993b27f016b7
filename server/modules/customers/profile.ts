import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { customerAddresses, customerExperiments, customers } from "../../db/schema";
import { normaliseEmail } from "../../../domain/validation";
import type { Address } from "../../../domain/address";

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByEmail(db: Queryable, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.email, normaliseEmail(email))).limit(1);
  return row ?? null;
}

export async function findCustomerRow(db: Queryable, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** Creates a customer for a new email; answers null when the email is taken (a race with another registration). */
export async function createCustomer(db: Queryable, email: string, names: { firstName?: string | null; lastName?: string | null }, now: Date): Promise<CustomerRow | null> {
  const [row] = await db
    .insert(customers)
    .values({ email: normaliseEmail(email), firstName: names.firstName || null, lastName: names.lastName || null, createdAt: now })
    .onConflictDoNothing({ target: customers.email })
    .returning();
  return row ?? null;
}

export async function updateProfile(db: Queryable, id: string, p: { firstName: string; lastName: string; phone?: string }): Promise<void> {
  await db
    .update(customers)
    .set({ firstName: p.firstName, lastName: p.lastName, ...(p.phone !== undefined ? { phone: p.phone || null } : {}) })
    .where(eq(customers.id, id));
}

/** Moves the customer to a new email; answers false when another customer has it. */
export async function changeCustomerEmail(db: Queryable, id: string, email: string): Promise<boolean> {
  const taken = await findCustomerByEmail(db, email);
  if (taken && taken.id !== id) return false;
  await db.update(customers).set({ email: normaliseEmail(email) }).where(eq(customers.id, id));
  return true;
}

export async function addressOf(db: Queryable, customerId: string): Promise<Address | null> {
  const [row] = await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).limit(1);
  if (!row) return null;
  const { customerId: _id, updatedAt: _at, address2, ...rest } = row;
  return { ...rest, ...(address2 ? { address2 } : {}) };
}

export async function saveAddress(db: Queryable, customerId: string, a: Address, now: Date): Promise<void> {
  const values = {
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2 || null,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    updatedAt: now,
  };
  await db.insert(customerAddresses).values({ customerId, ...values }).onConflictDoUpdate({ target: customerAddresses.customerId, set: values });
}

/**
 * Erases what identifies the customer but keeps the row, so orders (kept as the law requires) still point at it:
 * the email becomes a placeholder nobody can receive, names and phone go, the address and experiments are deleted.
 */
export async function anonymiseCustomer(db: Queryable, id: string): Promise<void> {
  await db
    .update(customers)
    .set({ email: `deleted-${id}@deleted.invalid`, firstName: null, lastName: null, phone: null, passwordHash: null })
    .where(eq(customers.id, id));
  await db.delete(customerAddresses).where(eq(customerAddresses.customerId, id));
  await db.delete(customerExperiments).where(eq(customerExperiments.customerId, id));
}

/** The member's choice to be named to the friends who open their referral link (ADR 0063); off by default. */
export async function setReferralShowsName(db: Queryable, id: string, shows: boolean): Promise<void> {
  await db.update(customers).set({ referralShowsName: shows }).where(eq(customers.id, id));
}

/** The first name a referral link may show: only when the member chose to be named, and has a first name. */
export async function referralNameOf(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.select({ firstName: customers.firstName, shows: customers.referralShowsName }).from(customers).where(eq(customers.id, id)).limit(1);
  const first = row?.shows ? (row.firstName ?? "").trim() : "";
  return first ? first : null;
}
