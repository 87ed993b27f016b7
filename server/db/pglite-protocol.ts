import { protocol, type Results } from "@electric-sql/pglite";

// The frontend messages the named-statement wrapper sends into PGlite's backend, and the reading of its answer
// (PostgreSQL's extended query protocol; ADR 0054).

const { serialize } = protocol;

/** Parse a text under a name and describe it (its parameter types), then sync. */
export function parseMessages(name: string, text: string): Uint8Array {
  return Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]);
}

/** Describe the unnamed portal, execute it, sync: the same bytes after every bind. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);

/** Bind text values to a named statement, describe and execute the portal, then sync: one pass into the backend. */
export function executeMessages(name: string, values: (string | null)[]): Uint8Array {
  return Buffer.concat([bindMessage(name, values), DESCRIBE_EXECUTE_SYNC]);
}

/** Close a named statement, then sync. */
export function closeMessages(name: string): Uint8Array {
  return Buffer.concat([serialize.close({ type: "S", name }), serialize.sync()]);
}

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

export type Parser = (value: string, type: number) => unknown;
export type BackendMessage =
  | { name: "rowDescription"; fields: { name: string; dataTypeID: number }[] }
  | { name: "dataRow"; fields: (string | null)[] }
  | { name: "commandComplete"; text: string }
  | { name: "other" };

/**
 * The answer to one statement, as PGlite's `parseResults` makes it, but looking each column's parser up where
 * `parseResults` first copies PGlite's whole table of parsers (several hundred types) into a new object on every
 * query that brings parsers of its own, which drizzle's every query does: measured at half a millisecond per order.
 */
export function resultOf<T>(messages: BackendMessage[], parserFor: (type: number) => Parser | undefined, rowMode: "array" | "object" | undefined): Results<T> {
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
