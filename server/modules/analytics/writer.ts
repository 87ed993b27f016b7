import type { DatabaseHandle } from "../../db/client";
import type { analyticsEvents } from "../../db/schema";
import type { Shop } from "../../shop";
import { forwardSoon } from "./forward";

export type EventRow = typeof analyticsEvents.$inferInsert;

interface Pending {
  rows: EventRow[];
  resolve(stored: number): void;
  reject(error: unknown): void;
}

/** At most this many inserts at once per database; rows arriving meanwhile wait and go together in the next one. */
const MAX_IN_FLIGHT = 2;
const MAX_ROWS_PER_INSERT = 1000;

/**
 * Group commit for event ingestion: each request's rows join the next multi-row INSERT, and the request is answered
 * once that insert has committed (an acknowledged event is stored). Idle, a request's rows go at once; under load,
 * requests that arrive while inserts are in flight share one statement and one commit, so the database's commit
 * latency is paid per group, not per request (ADR 0013).
 */
class EventWriter {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(private readonly shop: Shop) {}

  write(rows: EventRow[]): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const group: Pending[] = [];
      let size = 0;
      while (this.queue.length > 0 && (group.length === 0 || size + this.queue[0]!.rows.length <= MAX_ROWS_PER_INSERT)) {
        const next = this.queue.shift()!;
        group.push(next);
        size += next.rows.length;
      }
      this.inFlight++;
      void this.insert(group).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async insert(group: Pending[]): Promise<void> {
    try {
      const inserted = await insertRows(this.shop, group.flatMap((p) => p.rows));
      const storedIds = new Set(inserted.map((r) => r.messageId).filter((m): m is string => m !== null));
      const claimed = new Set<string>();
      for (const pending of group) {
        let stored = 0;
        for (const row of pending.rows) {
          if (!row.messageId) stored++;
          else if (storedIds.has(row.messageId) && !claimed.has(row.messageId)) {
            claimed.add(row.messageId);
            stored++;
          }
        }
        pending.resolve(stored);
      }
      if (inserted.length > 0) void forwardSoon(this.shop, inserted.map((r) => r.id));
    } catch (error) {
      for (const pending of group) pending.reject(error);
    }
  }
}

/**
 * One statement for the whole group whatever its size: the columns go as arrays and unnest() turns them into rows,
 * so the statement text and its 8 parameters stay the same (cheap to build, parse and plan) for 1 or 1,000 rows.
 */
async function insertRows(shop: Shop, rows: EventRow[]): Promise<{ id: number; messageId: string | null }[]> {
  const { rows: inserted } = await shop.database.executeSql(
    `insert into analytics_events (name, properties, path, anonymous_id, user_id, request_id, message_id, created_at)
     select name, properties::jsonb, path, anonymous_id, user_id::uuid, request_id, message_id::uuid, created_at::timestamptz
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       as t(name, properties, path, anonymous_id, user_id, request_id, message_id, created_at)
     on conflict (message_id) do nothing
     returning id, message_id`,
    [
      rows.map((r) => r.name),
      rows.map((r) => JSON.stringify(r.properties ?? {})),
      rows.map((r) => r.path ?? null),
      rows.map((r) => r.anonymousId ?? null),
      rows.map((r) => r.userId ?? null),
      rows.map((r) => r.requestId ?? null),
      rows.map((r) => r.messageId ?? null),
      rows.map((r) => r.createdAt.toISOString()),
    ],
  );
  return (inserted as { id: number | string; message_id: string | null }[]).map((r) => ({ id: Number(r.id), messageId: r.message_id }));
}

const writers = new WeakMap<DatabaseHandle, EventWriter>();

/** Stores rows through this database's group-commit writer; resolves with how many were new. */
export function writeEvents(shop: Shop, rows: EventRow[]): Promise<number> {
  let writer = writers.get(shop.database);
  if (!writer) {
    writer = new EventWriter(shop);
    writers.set(shop.database, writer);
  }
  return writer.write(rows);
}
