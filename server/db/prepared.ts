import type { Database } from "./client";

const prepared = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement of the order path built once per database with drizzle's `.prepare(name)` and placeholders
 * (`sql.placeholder`), then only executed with its values (ADR 0053): no query builder, no statement text and, on
 * PostgreSQL, no parse and plan per call (each pooled connection prepares the name once; PGlite names the text, ADR 0054).
 * `name` must be unique in the shop and say what the statement is; `build` gets the database and calls `.prepare(name)`.
 */
export function preparedOnce<Q>(db: Database, name: string, build: (db: Database, name: string) => Q): Q {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let statement = statements.get(name) as Q | undefined;
  if (!statement) statements.set(name, (statement = build(db, name)));
  return statement;
}
