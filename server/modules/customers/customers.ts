import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { CustomerSummary } from "../../../domain/customers";
import type { Experiments } from "../../../domain/experiments";
import { normaliseEmail } from "../../../domain/validation";
import { customerExperiments, customers } from "../../db/schema";
import type { Database, Queryable } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { dbOf, type Shop } from "../../shop";
import { countHeldSubscriptions } from "../subscriptions";

export async function findCustomerById(shop: Shop, id: string): Promise<CustomerSummary | null> {
  const [row] = await dbOf(shop).select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) return null;
  const subscriptionCount = await countHeldSubscriptions(dbOf(shop), row.id);
  return { id: row.id, email: row.email, firstName: row.firstName, fraudulentStatus: row.fraudulentStatus, subscriptionCount };
}

/**
 * Finds a customer by email or creates one (checkout creates customers this way; a password can be set later), in one
 * statement. `created` says this call made it: a customer made now has no orders and no saved cards yet.
 */
export async function findOrCreateCustomer(shop: Shop, email: string, names: { firstName?: string; lastName?: string } = {}) {
  const normalised = normaliseEmail(email);
  const [row] = await preparedOnce(dbOf(shop), "customers_find_or_create", customerUpsert).execute({
    email: normalised,
    firstName: names.firstName ?? null,
    lastName: names.lastName ?? null,
    now: shop.clock.now(),
  });
  if (!row) throw new Error(`customer ${normalised} vanished after upsert`);
  return row;
}

function customerUpsert(db: Database, name: string) {
  return db
    .insert(customers)
    .values({ email: sql.placeholder("email"), firstName: sql.placeholder("firstName"), lastName: sql.placeholder("lastName"), createdAt: sql.placeholder("now") })
    // A no-op update, so the existing row comes back too; xmax is 0 only on a row this statement inserted.
    .onConflictDoUpdate({ target: customers.email, set: { email: sql`excluded.email` } })
    .returning({ ...getTableColumns(customers), created: sql<boolean>`(xmax = 0)` })
    .prepare(name);
}

export async function experimentsOf(shop: Shop, customerId: string): Promise<Experiments> {
  const rows = await dbOf(shop)
    .select({ name: customerExperiments.name, variant: customerExperiments.variant })
    .from(customerExperiments)
    .where(eq(customerExperiments.customerId, customerId));
  return Object.fromEntries(rows.map((r) => [r.name, r.variant]));
}

export async function setExperiment(shop: Shop, customerId: string, name: string, variant: string): Promise<void> {
  await dbOf(shop)
    .insert(customerExperiments)
    .values({ customerId, name, variant, assignedAt: shop.clock.now() })
    .onConflictDoUpdate({
      target: [customerExperiments.customerId, customerExperiments.name],
      set: { variant, assignedAt: shop.clock.now() },
    });
}

/** Just the email of a customer (renewal emails and orders), in the caller's transaction if given. */
/** The email of each customer named (one statement for a batch of renewals). */
export async function customerEmails(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: customers.id, email: customers.email }).from(customers).where(inArray(customers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

export async function customerEmail(db: Queryable, id: string): Promise<string | null> {
  const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, id)).limit(1);
  return row?.email ?? null;
}

/** The emails of many customers at once (a console list page), by id. */
export async function customerEmailsOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: customers.id, email: customers.email }).from(customers).where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}
