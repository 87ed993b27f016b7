import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { customerSearchText, customers } from "../../db/schema";
import type { CustomerProfile } from "./directory";

/** Shorter queries match too many customers to be useful, and a trigram index cannot answer them (ADR 0073). */
export const MIN_SEARCH_CHARS = 3;

/** A LIKE pattern's own characters typed by staff are matched literally: "%" and "_" are not wildcards here. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customers whose email, first or last name or phone (or the phone's digits alone) contains `q`, any case, newest
 * first, keyset-paged on (created_at, id). The where clause is customerSearchText exactly as customers_search_trgm_idx
 * indexes it, so PostgreSQL answers "lindq" with a bitmap scan of that GIN trigram index.
 */
export async function searchCustomers(
  db: Queryable,
  options: { q: string; before?: { createdAt: Date; id: string }; limit: number },
): Promise<CustomerProfile[]> {
  const q = options.q.trim();
  if (q.length < MIN_SEARCH_CHARS) return [];
  const before = options.before;
  const text = customerSearchText(customers.email, customers.firstName, customers.lastName, customers.phone);
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        sql`${text} like '%' || lower(${escapeLike(q)}) || '%'`,
        before ? sql`(${customers.createdAt}, ${customers.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(options.limit);
  return rows.map(toProfileRow);
}

/** One customer by id, as the list shows them (the customer of an order found by its number). */
export async function customerListRow(db: Queryable, id: string): Promise<CustomerProfile | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ? toProfileRow(row) : null;
}

const toProfileRow = (row: typeof customers.$inferSelect): CustomerProfile => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  fraudulentStatus: row.fraudulentStatus,
  createdAt: row.createdAt.toISOString(),
});
