import { and, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
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

/** Records a variant. A changed variant forgets its exposure: the member counts again once served the new one (ADR 0056). */
export async function setExperiment(shop: Shop, customerId: string, name: string, variant: string): Promise<void> {
  await dbOf(shop)
    .insert(customerExperiments)
    .values({ customerId, name, variant, assignedAt: shop.clock.now() })
    .onConflictDoUpdate({
      target: [customerExperiments.customerId, customerExperiments.name],
      set: { variant, assignedAt: shop.clock.now(), exposedAt: sql`case when ${customerExperiments.variant} = excluded.variant then ${customerExperiments.exposedAt} end` },
    });
}

export interface StoredAssignment {
  name: string;
  variant: string;
  /** When the server first served this variant to the member; null while never served. */
  exposedAt: Date | null;
}

/** The member's stored variants with their exposure (the shell's one read per signed-in page). */
export async function assignmentsOf(shop: Shop, customerId: string): Promise<StoredAssignment[]> {
  return dbOf(shop)
    .select({ name: customerExperiments.name, variant: customerExperiments.variant, exposedAt: customerExperiments.exposedAt })
    .from(customerExperiments)
    .where(eq(customerExperiments.customerId, customerId));
}

/**
 * Records that the member was served these variants now, in one statement: a new assignment is stored already exposed;
 * a stored one keeps its first exposure. A row whose variant changed since the caller read it is left alone.
 */
export async function recordExposures(shop: Shop, customerId: string, served: { name: string; variant: string }[]): Promise<void> {
  if (served.length === 0) return;
  const now = shop.clock.now();
  await dbOf(shop)
    .insert(customerExperiments)
    .values(served.map(({ name, variant }) => ({ customerId, name, variant, assignedAt: now, exposedAt: now })))
    .onConflictDoUpdate({
      target: [customerExperiments.customerId, customerExperiments.name],
      set: { exposedAt: sql`coalesce(${customerExperiments.exposedAt}, excluded.exposed_at)` },
      setWhere: sql`${customerExperiments.variant} = excluded.variant`,
    });
}

/** Every member the server has served a variant of this experiment, with that variant and when (experimentReport). */
export async function exposedMembers(db: Queryable, name: string): Promise<{ customerId: string; variant: string; exposedAt: Date }[]> {
  const rows = await db
    .select({ customerId: customerExperiments.customerId, variant: customerExperiments.variant, exposedAt: customerExperiments.exposedAt })
    .from(customerExperiments)
    .where(and(eq(customerExperiments.name, name), isNotNull(customerExperiments.exposedAt)));
  return rows.map((r) => ({ ...r, exposedAt: r.exposedAt! }));
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
