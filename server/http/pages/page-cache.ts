import { createHash } from "node:crypto";
import { GzipTemplate } from "./gzip-template";

/**
 * Anonymous page HTML kept in the process (docs/decisions/0021-page-cache.md). A campaign sends thousands of
 * signed-out visitors to the same few pages; rendering each once per country and flag set, instead of once per
 * request, is what keeps those pages fast. Entries are emptied on a NOTIFY from any process (content or prices
 * changed) and expire after a while anyway, so a missed notification costs at most maxAgeMs of staleness.
 *
 * Every response from an entry carries a nonce of its own (docs/decisions/0059-nonce-per-response-and-openapi.md): the
 * entry keeps the nonce it was rendered with, and serving it replaces that nonce with the response's, in the HTML and
 * in a gzip made once with the nonce left as holes (GzipTemplate), so a hit still compresses nothing.
 */
export interface CachedPage {
  html: string;
  gzip: GzipTemplate;
  /** The nonce the page was rendered with: each response replaces it with its own. */
  nonce: string;
  headers: [string, string][];
  etag: string;
  storedAt: number;
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  /** Whether changes are heard now (the process LISTENs); while false nothing is stored (ADR 0052). */
  storing?: () => boolean;
  /** Milliseconds now; injectable for tests (wall time is right here: this is an HTTP cache, not business time). */
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly storing: () => boolean;
  /** Bumped on every clear, so a render that started before a change is not stored after it. */
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
    this.now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.storing = options.storing ?? (() => true);
  }

  get size(): number {
    return this.entries.size;
  }

  currentGeneration(): number {
    return this.generation;
  }

  get(key: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.storedAt > this.maxAgeMs) {
      if (entry) this.entries.delete(key);
      this.misses++;
      return null;
    }
    this.hits++;
    return entry;
  }

  /**
   * Stores a rendered page unless the cache was cleared since the render began (its generation is stale) or nobody
   * listens for changes now; answers the entry either way, so the caller serves it.
   */
  set(key: string, generation: number, html: string, nonce: string, headers: [string, string][]): CachedPage | null {
    const etag = `W/"${createHash("sha1").update(html).digest("base64url")}"`;
    const entry: CachedPage = { html, gzip: new GzipTemplate(html, nonce), nonce, headers, etag, storedAt: this.now() };
    if (generation !== this.generation || !this.storing()) return entry;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** Campaign parameters do not change a page; everything else in the query might. */
const IGNORED_PARAMS = /^(utm_[a-z]+|gclid|fbclid|msclkid|ttclid|mc_cid|mc_eid)$/;

export function pageCacheKey(path: string, search: URLSearchParams, country: string, flagSet: string): string {
  const kept = [...search.entries()].filter(([k]) => !IGNORED_PARAMS.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return `${path}${query ? `?${query}` : ""}|${country}|${flagSet}`;
}

/** If-None-Match against our ETag (a list, weak or strong, or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}
