import type { BlockImage } from "./blocks";
import { isMediaHash, mediaPath, widthsFor, type MediaHash, type MediaImage } from "./media";

/**
 * CMS image fields that point into the media library (docs/decisions/0067-media-library.md). A block keeps SPEC.md's
 * image shape (url, secure_url, width, height); a library image's url is its widest WebP rendition,
 * `/media/<hash>/<width>.webp` (secure_url the same path on PUBLIC_URL), so the renderers can tell it apart and
 * draw it with every width and format. Zod-free: the block renderers load it.
 */
const LIBRARY_PATH = /^\/media\/([0-9a-f]{64})\/(\d{2,4})\.(?:webp|avif)$/;

/** The library image a block image names, or null for any other URL. */
export function libraryImageOf(image: Pick<BlockImage, "url" | "secure_url">): { hash: MediaHash } | null {
  for (const candidate of [image.url, image.secure_url]) {
    if (!candidate) continue;
    const path = candidate.startsWith("/") ? candidate : URL.parse(candidate)?.pathname;
    const hash = path ? LIBRARY_PATH.exec(path)?.[1] : undefined;
    if (hash && isMediaHash(hash)) return { hash };
  }
  return null;
}

/** The block image of a library image: its widest rendition, with that rendition's size (same aspect as the original). */
export function blockImageOf(image: Pick<MediaImage, "hash" | "width" | "height">, publicUrl?: string): BlockImage {
  const width = widthsFor(image.width).at(-1) ?? image.width;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const url = mediaPath(image.hash, width, "webp");
  return publicUrl ? { url, secure_url: new URL(url, publicUrl).toString(), width, height } : { url, width, height };
}
