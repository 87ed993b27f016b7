import { Column, getTableName, Name, Param, Placeholder, SQL, StringChunk, Table } from "drizzle-orm";

export interface StatementText {
  sql: string;
  params: unknown[];
}

const IS_ALIAS = Symbol.for("drizzle:IsAlias");
const SCHEMA = Symbol.for("drizzle:Schema");

/**
 * The text and parameters of a statement, as drizzle's `dialect.sqlToQuery` makes them, for the chunks the order's
 * writes are made of (text, identifiers, lists, tables, columns, encoded values). Drizzle's general walk asks up to a dozen
 * `is()` questions of every chunk, each climbing prototype chains: on the order's one statement (ADR 0046) that was a
 * tenth of the request's CPU. Answers null for anything else (inlined values, placeholders, views, subqueries, casing),
 * and the caller then asks drizzle. `statement-text.test.ts` holds the two to the same answer.
 */
export function statementText(statement: SQL): StatementText | null {
  const text: string[] = [];
  const params: unknown[] = [];
  return walk(statement, text, params) ? { sql: text.join(""), params } : null;
}

function walk(statement: SQL, text: string[], params: unknown[]): boolean {
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  return (statement.queryChunks as unknown[]).every((chunk) => walkChunk(chunk, text, params));
}

function walkChunk(chunk: unknown, text: string[], params: unknown[]): boolean {
  if (chunk instanceof StringChunk) text.push(chunk.value.join(""));
  else if (chunk instanceof Param) return pushParam(chunk, text, params);
  else if (chunk instanceof SQL) return walk(chunk, text, params);
  else if (chunk instanceof Name) text.push(quoted(chunk.value));
  else if (Array.isArray(chunk)) return walkList(chunk, text, params);
  else if (chunk instanceof Column) {
    if (chunk.keyAsName || !plainTable(chunk.table)) return false;
    text.push(`${quoted(tableName(chunk.table))}.${quoted(chunk.name)}`);
  } else if (chunk instanceof Table) {
    if (!plainTable(chunk)) return false;
    text.push(quoted(tableName(chunk)));
  } else if (chunk === undefined) return true;
  else if (isOtherEntity(chunk)) return false;
  else {
    // A value written into the template (a string, a number, a Date): a parameter as it is, as drizzle sends it.
    params.push(chunk);
    text.push(`$${params.length}`);
  }
  return true;
}

/** A list: `(a, b, c)`, as drizzle writes an insert's columns and each row's values. */
function walkList(list: unknown[], text: string[], params: unknown[]): boolean {
  text.push("(");
  for (const [i, item] of list.entries()) {
    if (i > 0) text.push(", ");
    if (!walkChunk(item, text, params)) return false;
  }
  text.push(")");
  return true;
}

function pushParam(chunk: Param, text: string[], params: unknown[]): boolean {
  if (chunk.value instanceof Placeholder) return false;
  const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
  if (value instanceof SQL) return walk(value, text, params);
  params.push(value);
  text.push(`$${params.length}`);
  return true;
}

const ENTITY_KIND = Symbol.for("drizzle:entityKind");

/** A query builder, a placeholder or another drizzle thing this walk leaves to drizzle. */
function isOtherEntity(chunk: unknown): boolean {
  if (chunk === null || typeof chunk !== "object") return false;
  return "getSQL" in chunk || ENTITY_KIND in (chunk.constructor ?? {});
}

/** A table in the default schema, not an alias: its name alone, as drizzle writes it. */
function plainTable(table: Table): boolean {
  return (table as unknown as Record<symbol, unknown>)[SCHEMA] === undefined && !(table as unknown as Record<symbol, unknown>)[IS_ALIAS];
}

const tableName = getTableName;

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Makes a database (and its transactions, which share its dialect) write every statement's text with statementText,
 * falling back to drizzle's own walk for what it leaves (ADR 0046).
 */
export function writeStatementTextFaster(db: object): void {
  const dialect = (db as { dialect: { sqlToQuery(statement: SQL, invokeSource?: unknown): StatementText } }).dialect;
  const drizzleWalk = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (statement, invokeSource) => (invokeSource === undefined ? statementText(statement) : null) ?? drizzleWalk(statement, invokeSource);
}
