import { and, eq } from "drizzle-orm";
import { isMediaHash, MEDIA_FORMATS, widthsFor, type MediaFormat } from "../../../domain/media";
import { mediaAssets, mediaVariants } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { readOriginal } from "./originals";
import { renderVariant } from "./render-variant";
import { VariantCache } from "./variant-cache";

/** What the serving route needs to answer one rendition. */
export interface Variant {
  bytes: Uint8Array;
  format: MediaFormat;
}

const CACHE_BYTES = 64 * 1024 * 1024;

/** Per shop (each test's shop has its own): the recent renditions, and the ones being made right now. */
interface MediaState {
  cache: VariantCache;
  making: Map<string, Promise<Variant | null>>;
  /** Renditions this process encoded (tests count them: a burst of requests makes one). */
  made: number;
}
const states = new WeakMap<Shop, MediaState>();
export function mediaState(shop: Shop): MediaState {
  let state = states.get(shop);
  if (!state) states.set(shop, (state = { cache: new VariantCache(CACHE_BYTES), making: new Map(), made: 0 }));
  return state;
}

export const isMediaFormat = (value: string): value is MediaFormat => (MEDIA_FORMATS as readonly string[]).includes(value);

/**
 * The bytes of `/media/<hash>/<width>.<format>`, or null when there is no such rendition (an unknown hash, a width
 * not offered for that image). Looked up in this process's cache, then media_variants (the cache every process
 * shares), else made from the original and stored `on conflict do nothing`: two processes racing make one row, and
 * requests racing in one process wait for the one rendition being made.
 */
export async function mediaVariant(shop: Shop, hash: string, width: number, format: MediaFormat): Promise<Variant | null> {
  if (!isMediaHash(hash) || !Number.isInteger(width)) return null;
  const state = mediaState(shop);
  const key = `${hash}/${width}.${format}`;
  const cached = state.cache.get(key);
  if (cached) return { bytes: cached, format };
  let pending = state.making.get(key);
  if (!pending) {
    pending = findOrMake(shop, state, hash, width, format).finally(() => state.making.delete(key));
    state.making.set(key, pending);
  }
  const variant = await pending;
  if (variant) state.cache.set(key, variant.bytes);
  return variant;
}

async function findOrMake(shop: Shop, state: MediaState, hash: string, width: number, format: MediaFormat): Promise<Variant | null> {
  const db = dbOf(shop);
  const [asset] = await db.select({ width: mediaAssets.width, storageKey: mediaAssets.storageKey }).from(mediaAssets).where(eq(mediaAssets.hash, hash));
  if (!asset || !widthsFor(asset.width).includes(width)) return null;
  const stored = await storedVariant(shop, hash, width, format);
  if (stored) return { bytes: stored, format };
  const original = await readOriginal(db, { hash, storageKey: asset.storageKey });
  if (!original) {
    shop.log.error({ hash, storageKey: asset.storageKey }, "media original missing");
    return null;
  }
  const bytes = await renderVariant(original, width, format);
  state.made += 1;
  const inserted = await db.insert(mediaVariants).values({ hash, width, format, data: bytes, createdAt: shop.clock.now() }).onConflictDoNothing().returning({ hash: mediaVariants.hash });
  // Another process stored it first: serve its bytes, so every process answers this URL with the same ones.
  if (inserted.length === 0) return { bytes: (await storedVariant(shop, hash, width, format)) ?? bytes, format };
  return { bytes, format };
}

async function storedVariant(shop: Shop, hash: string, width: number, format: MediaFormat): Promise<Uint8Array | null> {
  const [row] = await dbOf(shop)
    .select({ data: mediaVariants.data })
    .from(mediaVariants)
    .where(and(eq(mediaVariants.hash, hash), eq(mediaVariants.width, width), eq(mediaVariants.format, format)));
  return row?.data ?? null;
}
