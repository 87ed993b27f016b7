/**
 * Cursors of the console's keyset-paged lists: the sort key of the last row of a page, as one opaque string in a URL.
 * A list sorted by (time, id) uses "<ISO time>~<id>"; one sorted by a single key uses the key itself.
 */
export interface TimeIdCursor {
  at: Date;
  id: string;
}

export const encodeTimeIdCursor = (row: { createdAt: string | Date; id: string }): string =>
  `${new Date(row.createdAt).toISOString()}~${row.id}`;

export function decodeTimeIdCursor(cursor: string | null | undefined): TimeIdCursor | undefined {
  if (!cursor) return undefined;
  const [iso, id] = cursor.split("~");
  const at = new Date(iso ?? "");
  if (Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return { at, id };
}

/** Page sizes: 50 rows unless asked otherwise, never more than 200. */
export const pageSize = (limit: number | undefined) => Math.min(Math.max(Math.trunc(limit ?? 50), 1), 200);
