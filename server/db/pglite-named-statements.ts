import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { closeMessages, executeMessages, parseMessages, resultOf, type BackendMessage } from "./pglite-protocol";

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
    const { messages } = await client.execProtocol(parseMessages(name, text));
    const description = messages.find((m) => m.name === "parameterDescription") as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    named.set(text, statement);
    return statement;
  }

  async function bindAndExecute<T>(statement: NamedStatement, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((value, i) => serializeValue(value, statement.paramTypes[i], options));
    const { messages } = await client.execProtocol(executeMessages(statement.name, values));
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
    await client.execProtocol(closeMessages(statement.name));
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === "query") return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The statement and values on the error, as PGlite's query() puts them there. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}
