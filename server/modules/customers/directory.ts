import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { customerNameKeys, customers } from "../../db/schema";

export interface CustomerProfile {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  fraudulentStatus: string | null;
  createdAt: string;
}

const toProfile = (row: typeof customers.$inferSelect): CustomerProfile => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  fraudulentStatus: row.fraudulentStatus,
  createdAt: row.createdAt.toISOString(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function customerProfile(db: Queryable, id: string): Promise<CustomerProfile | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ? toProfile(row) : null;
}

/** Customers whose first, last or full name is the words typed (any case); at most `limit` of them. */
export async function customerIdsNamed(db: Queryable, name: string, limit = 200): Promise<string[]> {
  const words = name.trim().replace(/\s+/g, " ");
  if (!words) return [];
  // One GIN lookup on customers_name_keys_idx, whatever plan the prepared statement gets.
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customerNameKeys(customers.firstName, customers.lastName)} @> array[lower(${words})]::text[]`)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Newest first, keyset-paged on (created_at, id). `email` finds one customer by the unique email index.
 * `before` is the last row of the previous page.
 */
export async function listCustomers(
  db: Queryable,
  options: { email?: string; before?: { createdAt: Date; id: string }; limit: number },
): Promise<CustomerProfile[]> {
  const before = options.before;
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        options.email ? eq(customers.email, options.email.trim().toLowerCase()) : undefined,
        // A row comparison, which customers_created_idx (created_at, id) answers as one range.
        before ? sql`(${customers.createdAt}, ${customers.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(options.limit);
  return rows.map(toProfile);
}

/** Sets the fraud status (SPEC.md section 3: a status mentioning "fraud" blocks the customer); answers before and after. */
export async function setFraudulentStatus(
  db: Queryable,
  id: string,
  status: string | null,
): Promise<{ before: string | null; after: string | null } | null> {
  if (!UUID.test(id)) return null;
  const [current] = await db.select({ status: customers.fraudulentStatus }).from(customers).where(eq(customers.id, id)).for("update");
  if (!current) return null;
  await db.update(customers).set({ fraudulentStatus: status }).where(eq(customers.id, id));
  return { before: current.status, after: status };
}
