import { protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

const { serialize } = protocol;

/** A statement text PGlite has parsed under a name, with the parameter types PostgreSQL inferred for it. */
interface NamedStatement {
  name: string;
  paramTypes: number[];
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed under it (a table altered since). */
function isCachedPlanChanged(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "0A000" && /cached plan must not change result type/.test(message ?? "");
}

/**
 * PGlite whose queries are parsed once (ADR 0054). PGlite's own `query()` runs every statement unnamed, in six passes
 * into its WebAssembly backend (parse, describe, bind, describe, execute, sync), so PostgreSQL parses, analyses and
 * plans it again on every call; the statement names drizzle and our code give are dropped. Here each text is parsed
 * once under a name of its own, keeping the parameter types PostgreSQL inferred, and every later call is one pass
 * (bind, describe, execute, sync) that PostgreSQL plans from its plan cache, as on a server connection. Values and rows
 * go through the same serializers and parsers as PGlite's `query()`, and errors are the same `DatabaseError`s, so
 * callers see no difference. The `max` most recently used texts stay named; older ones are closed.
 *
 * Only the database's own queries change: a PGlite transaction runs its queries on its own object, and they keep
 * PGlite's path (the order path runs outside transactions, ADR 0046).
 */
export function withNamedStatements(client: PGlite, max = 256): PGlite {
  const named = new Map<string, NamedStatement>();
  const plainQuery = client.query.bind(client);
  let made = 0;

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return plainQuery<T>(text, params, options);
    await client._checkReady();
    // The locks PGlite's own query() takes: no transaction is open on the connection while this runs.
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runNamed<T>(text, params, options)));
  }

  async function runNamed<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await bindAndExecute<T>(await statementFor(text), params, options);
    } catch (error) {
      if (!isCachedPlanChanged(error)) throw withQuery(error, text, params, options);
      await forget(text);
      return bindAndExecute<T>(await statementFor(text), params, options).catch((again: unknown) => {
        throw withQuery(again, text, params, options);
      });
    }
  }

  async function statementFor(text: string): Promise<NamedStatement> {
    const known = named.get(text);
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      named.delete(text);
      named.set(text, known);
      return known;
    }
    if (named.size >= max) await forget(named.keys().next().value as string);
    const name = `pglite_named_${++made}`;
    const { messages } = await client.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]));
    const description = messages.find((m) => m.name === "parameterDescription") as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    named.set(text, statement);
    return statement;
  }

  async function bindAndExecute<T>(statement: NamedStatement, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((value, i) => serializeValue(value, statement.paramTypes[i], options));
    const { messages } = await client.execProtocol(concat([bindMessage(statement.name, values), DESCRIBE_EXECUTE_SYNC]));
    return resultOf<T>(messages as unknown as BackendMessage[], (type) => options?.parsers?.[type] ?? client.parsers[type], options?.rowMode);
  }

  /** As PGlite's query() writes a value: the caller's serializer for the type, else PGlite's, else its text. */
  function serializeValue(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = (type !== undefined && (options?.serializers?.[type] ?? client.serializers[type])) || null;
    return serializer ? serializer(value) : String(value);
  }

  async function forget(text: string): Promise<void> {
    const statement = named.get(text);
    if (!statement) return;
    named.delete(text);
    await client.execProtocol(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]));
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === "query") return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Describe the unnamed portal, execute it, sync: the same bytes after every bind. */
const DESCRIBE_EXECUTE_SYNC = concat([serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);

/**
 * A Bind message for a named statement and text values (PostgreSQL's frontend protocol: 'B', length, portal, statement,
 * parameter formats, values, result formats). PGlite's own serializer measures each string's UTF-8 length one
 * character at a time in JavaScript, which the order's rendered email makes costly; Buffer does it natively.
 */
function bindMessage(statement: string, values: (string | null)[]): Uint8Array {
  const lengths = values.map((v) => (v === null ? -1 : Buffer.byteLength(v)));
  const size = 1 + 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + lengths.reduce((sum, n) => sum + 4 + Math.max(n, 0), 0) + 2;
  const out = Buffer.allocUnsafe(size);
  let at = out.writeUInt8(0x42, 0); // 'B'
  at = out.writeInt32BE(size - 1, at);
  at = out.writeUInt8(0, at); // the unnamed portal
  at += out.write(statement, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at); // every parameter in text format
  at = out.writeInt16BE(values.length, at);
  values.forEach((value, i) => {
    at = out.writeInt32BE(lengths[i]!, at);
    if (value !== null) at += out.write(value, at);
  });
  out.writeInt16BE(0, at); // every result column in text format
  return out;
}

type Parser = (value: string, type: number) => unknown;
type BackendMessage =
  | { name: "rowDescription"; fields: { name: string; dataTypeID: number }[] }
  | { name: "dataRow"; fields: (string | null)[] }
  | { name: "commandComplete"; text: string }
  | { name: "other" };

/**
 * The answer to one statement, as PGlite's `parseResults` makes it, but looking each column's parser up where
 * `parseResults` first copies PGlite's whole table of parsers (several hundred types) into a new object on every
 * query that brings parsers of its own, which drizzle's every query does: measured at half a millisecond per order.
 */
function resultOf<T>(messages: BackendMessage[], parserFor: (type: number) => Parser | undefined, rowMode: "array" | "object" | undefined): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  const value = (text: string | null, i: number) => (text === null ? null : parsers[i] ? parsers[i]!(text, fields[i]!.dataTypeID) : text);
  for (const message of messages) {
    if (message.name === "rowDescription") {
      fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      parsers = fields.map((f) => parserFor(f.dataTypeID));
    } else if (message.name === "dataRow") {
      rows.push(rowMode === "array" ? message.fields.map(value) : Object.fromEntries(message.fields.map((text, i) => [fields[i]!.name, value(text, i)])));
    } else if (message.name === "commandComplete") {
      const words = message.text.split(" ");
      const command = words[0]!;
      const count = parseInt(words[words.length - 1]!, 10);
      const affectedRows = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command) ? count : 0;
      return { rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as unknown as Results<T>;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] } as unknown as Results<T>;
}

/** The statement and values on the error, as PGlite's query() puts them there. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
