import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { mediaOriginals } from "../../db/schema";
import { fromRoot } from "../../lib/root";

/** Where an original is kept (media_assets.storage_key): "db", or "seed:<file under content/media>". */
export interface OriginalRef {
  hash: string;
  storageKey: string;
}

const SEED_PREFIX = "seed:";
/** A seed file's name: one path part, no dot-dot, no separators. */
const SEED_FILE = /^[a-z0-9][a-z0-9._-]{0,120}$/i;

/**
 * The one door to originals, so another store (an object store's bucket) is one more branch here. Every process
 * reads the same ones: the database's rows, or the seed's files shipped with the code. Null when it is missing.
 */
export async function readOriginal(db: Queryable, ref: OriginalRef): Promise<Uint8Array | null> {
  if (ref.storageKey.startsWith(SEED_PREFIX)) {
    const file = ref.storageKey.slice(SEED_PREFIX.length);
    if (!SEED_FILE.test(file) || file.includes("..")) return null;
    return readFile(fromRoot("content/media", file)).catch(() => null);
  }
  const [row] = await db.select({ data: mediaOriginals.data }).from(mediaOriginals).where(eq(mediaOriginals.hash, ref.hash));
  return row?.data ?? null;
}
