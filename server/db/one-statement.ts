import { createHash } from "node:crypto";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Queryable } from "./client";

/**
 * One write of several that run as a single statement: `name AS (insert … | update … | delete …)`. Modules build their
 * own writes (they own the tables); a workflow joins them with `runAsOneStatement` (ADR 0046).
 */
export interface StatementPart {
  name: string;
  sql: SQL;
}

/** A write under a name later parts may read (`(select id from name)`): a query builder, not yet run. */
export function statementPart(name: string, query: SQLWrapper): StatementPart {
  // getSQL, not the builder itself: drizzle wraps an embedded builder in parentheses, which a CTE body may not have.
  return { name, sql: query.getSQL() };
}

/**
 * Runs the parts as one statement: `WITH a AS (…), b AS (…) SELECT <answer>`. PostgreSQL runs every part, or none:
 * a statement is atomic on its own, so writes that need nothing from the application between them need neither
 * BEGIN/COMMIT nor a round trip each. The parts share one snapshot (a part does not see another's rows, except through
 * its RETURNING), and foreign keys between them are checked at the statement's end.
 */
export async function runAsOneStatement<Row>(
  db: Queryable,
  parts: StatementPart[],
  answer: SQL = sql`select 1`,
  { waitForDisk = true }: { waitForDisk?: boolean } = {},
): Promise<Row[]> {
  const all = waitForDisk ? parts : [COMMIT_WITHOUT_WAITING, ...parts];
  const withs = sql.join(
    all.map((p) => sql`${sql.identifier(p.name)} as (${p.sql})`),
    sql`, `,
  );
  // A part that only reads runs only when read: the answer reads the setting's part, so it always runs.
  const answered = waitForDisk ? answer : sql`select answer.* from ${sql.identifier(COMMIT_WITHOUT_WAITING.name)}, lateral (${answer}) answer`;
  const statement = all.length ? sql`with ${withs} ${answered}` : answered;
  const internals = db as unknown as DrizzleInternals;
  const query = internals.dialect.sqlToQuery(statement);
  // Named, so each connection parses and plans it once: what db.execute does, but for PostgreSQL's plan cache. The
  // name is the text's hash: the same shape of order is the same statement (PGlite names by text instead, ADR 0054).
  const name = `one_${createHash("sha1").update(query.sql).digest("base64url")}`;
  const result = await internals.session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}

/**
 * `waitForDisk: false`: the statement's commit returns before its WAL reaches the disk (synchronous_commit off for
 * this statement's own transaction only; the connection keeps the default). A crash of PostgreSQL itself (not of the
 * shop) may then lose the last fraction of a second of such statements, never a later statement's: WAL is flushed in
 * order, so the next commit that does wait makes this one durable too. For writes whose durability a later statement
 * covers (ADR 0047: the idempotency key's claim, before anything is charged). Outside a transaction only: inside one,
 * the setting would hold for the whole transaction's commit.
 */
const COMMIT_WITHOUT_WAITING: StatementPart = { name: "commit_without_waiting", sql: sql`select set_config('synchronous_commit', 'off', true)` };

/** The two members of drizzle's database (and transaction) objects that db.execute itself uses. */
interface DrizzleInternals {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
}
