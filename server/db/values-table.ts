import { sql, type SQL } from "drizzle-orm";

/**
 * `(VALUES (…), (…)) AS name(col, …)` from rows of SQL values, each cast so both drivers agree on the types: the
 * building block of the set-based writes that keep round trips per renewal under one (ADR 0029).
 */
export function valuesTable(name: string, columns: [string, string][], rows: unknown[][]): SQL {
  const tuples = rows.map((row) => sql`(${sql.join(row.map((v, i) => sql`${v}::${sql.raw(columns[i]![1])}`), sql`, `)})`);
  return sql`(VALUES ${sql.join(tuples, sql`, `)}) AS ${sql.raw(name)}(${sql.raw(columns.map(([c]) => c).join(", "))})`;
}
