import { sql, type SQL } from "drizzle-orm";
import { runAsOneStatement, type StatementPart } from "../../db/one-statement";
import { dbOf, type Shop } from "../../shop";
import { hashKey, retryAfterSeconds, standingsOf, windowAt, type ConsumeRequest, type Standing, type Verdict } from "./consume";

/** What the counters say once the statement ran: the hit's verdict and where each read counter stands. */
export interface HitAndReadOutcome {
  verdict: Verdict;
  standings: Standing[];
}

/** The answer's two columns, as the statement returns them (JSON: one object, and an array or null). */
export interface HitAndReadRow {
  limit_hit: { hits: number; previous_hits: number; allowed: boolean } | null;
  limit_reads: { bucket: string; key: string; window_start_ms: number; hits: number; previous_hits: number }[] | null;
}

/**
 * One hit counted and several counters read, as parts of a statement that may do more (ADR 0047): a purchase counts
 * against its address's purchase limit, reads the address's, email's and card's declines, and claims its idempotency
 * key only when `clear` holds, all in one round trip.
 */
export interface HitAndRead {
  /** `limit_hit` (the upsert; absent without a hit) and `limit_reads` (absent with nothing to read). */
  parts: StatementPart[];
  /**
   * True when nothing stands in the way: the hit (if any) was allowed and none of the read counters has a row, so none
   * holds a hit to weigh. A read counter with a row may still be within its limits: `outcome` tells.
   */
  clear: SQL;
  /** The answer's columns, `limit_hit` and `limit_reads` (HitAndReadRow). */
  columns: SQL;
  outcome(row: HitAndReadRow): HitAndReadOutcome;
}

const HIT = "limit_hit";
const READS = "limit_reads";

/**
 * The read sees the counters as they stood before the hit, which is exact because the hit's bucket may not be among
 * those read. `hit` null: only reads (the client's address is unknown).
 */
export function hitAndRead(shop: Shop, hit: ConsumeRequest | null, reads: ConsumeRequest[]): HitAndRead {
  if (hit && reads.some((r) => r.bucket === hit.bucket)) throw new Error(`a read of the hit's own bucket (${hit.bucket}) would miss the hit`);
  const nowMs = shop.clock.now().getTime();
  const parts: StatementPart[] = [];
  if (hit) parts.push({ name: HIT, sql: upsertHit(nowMs, hit) });
  if (reads.length) parts.push({ name: READS, sql: readCounters(reads) });
  const hitAllowed = hit ? sql`(select last_allowed from ${sql.identifier(HIT)})` : sql`true`;
  const noReads = reads.length ? sql`not exists (select 1 from ${sql.identifier(READS)})` : sql`true`;
  const hitColumn = hit
    ? sql`(select json_build_object('hits', hits, 'previous_hits', previous_hits, 'allowed', last_allowed) from ${sql.identifier(HIT)})`
    : sql`null::json`;
  const readsColumn = reads.length
    ? sql`(select json_agg(json_build_object('bucket', bucket, 'key', key, 'window_start_ms', window_start_ms, 'hits', hits, 'previous_hits', previous_hits)) from ${sql.identifier(READS)})`
    : sql`null::json`;
  return {
    parts,
    clear: sql`(${hitAllowed} and ${noReads})`,
    columns: sql`${hitColumn} as ${sql.identifier(HIT)}, ${readsColumn} as ${sql.identifier(READS)}`,
    outcome: (row) => outcomeOf(nowMs, hit, reads, row),
  };
}

/** The counter's upsert (the sliding window of `consume`, below), returning its counts and whether this hit was allowed. */
function upsertHit(nowMs: number, hit: ConsumeRequest): SQL {
  const cost = hit.cost ?? 1;
  const window = windowAt(nowMs, hit.windowMs);
  const expires = new Date(window.startMs + 2 * hit.windowMs).toISOString();
  const current = sql`(case when c.window_start >= ${window.start}::timestamptz then c.hits else 0 end)`;
  const previous = sql`(case when c.window_start >= ${window.start}::timestamptz then c.previous_hits
    when c.window_start = ${window.previousStart}::timestamptz then c.hits else 0 end)`;
  // A cost above the limit never fits, even on a counter's first hit (which the insert alone would allow).
  const fits = sql`(${previous} * ${window.previousWeight}::float8 + ${current} + ${cost} <= ${hit.limit})`;
  const fitsAlone = cost <= hit.limit;
  return sql`
    insert into rate_limit_counters as c (bucket, key, window_start, hits, previous_hits, last_allowed, expires_at)
    values (${hit.bucket}, ${hashKey(hit.key)}, ${window.start}::timestamptz, ${fitsAlone ? cost : 0}, 0, ${fitsAlone}, ${expires}::timestamptz)
    on conflict (bucket, key) do update set
      hits = ${current} + case when ${fits} then ${cost} else 0 end,
      previous_hits = ${previous},
      last_allowed = ${fits},
      window_start = greatest(c.window_start, ${window.start}::timestamptz),
      expires_at = greatest(c.expires_at, ${expires}::timestamptz)
    returning hits, previous_hits, last_allowed`;
}

function readCounters(reads: ConsumeRequest[]): SQL {
  const wanted = sql.join(reads.map((r) => sql`(${r.bucket}, ${hashKey(r.key)})`), sql`, `);
  return sql`
    select bucket, key, extract(epoch from window_start)::float8 * 1000 as window_start_ms, hits, previous_hits
    from rate_limit_counters where (bucket, key) in (${wanted})`;
}

function outcomeOf(nowMs: number, hit: ConsumeRequest | null, reads: ConsumeRequest[], row: HitAndReadRow): HitAndReadOutcome {
  const found = (row.limit_reads ?? []).map((r) => ({ bucket: r.bucket, key: r.key, windowStart: new Date(r.window_start_ms), hits: r.hits, previousHits: r.previous_hits }));
  const standings = standingsOf(reads, found, nowMs);
  if (!hit) return { verdict: { allowed: true, retryAfterSeconds: 0 }, standings };
  const counted = row.limit_hit;
  if (!counted) throw new Error("rate limit upsert returned no row");
  if (counted.allowed) return { verdict: { allowed: true, retryAfterSeconds: 0 }, standings };
  const cost = hit.cost ?? 1;
  const start = windowAt(nowMs, hit.windowMs).startMs;
  return { verdict: { allowed: false, retryAfterSeconds: retryAfterSeconds(nowMs, hit, start, counted.hits, counted.previous_hits, cost) }, standings };
}

/** hitAndRead run on its own: one hit counted and several counters read, in one statement. */
export async function consumeAndRead(shop: Shop, hit: ConsumeRequest, reads: ConsumeRequest[]): Promise<HitAndReadOutcome> {
  const asked = hitAndRead(shop, hit, reads);
  const [row] = await runAsOneStatement<HitAndReadRow>(dbOf(shop), asked.parts, sql`select ${asked.columns}`);
  return asked.outcome(row!);
}

/**
 * Counts a hit against (bucket, key) and says whether it is within the limit: one atomic upsert, so concurrent requests
 * in any number of processes sharing the database are counted exactly. The window slides: the previous fixed window's
 * hits count in proportion to how much of it still overlaps (the estimate Cloudflare and others use). A refused hit
 * is not counted, so a client that keeps hammering is let in again as soon as the window has slid far enough.
 */
export async function consume(shop: Shop, request: ConsumeRequest): Promise<Verdict> {
  const cost = request.cost ?? 1;
  if (cost > request.limit) return { allowed: false, retryAfterSeconds: Math.ceil(request.windowMs / 1000) };
  return (await consumeAndRead(shop, request, [])).verdict;
}
