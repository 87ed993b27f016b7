import { inArray } from "drizzle-orm";
import { isMediaHash, type MediaHash, type MediaImage } from "../../../domain/media";
import type { Database } from "../../db/client";
import { mediaAssets } from "../../db/schema";

/** The library's images for these hashes, with what a page needs to draw them (size, alt, placeholder). */
export async function findImages(db: Database, hashes: readonly string[]): Promise<Map<MediaHash, MediaImage>> {
  const wanted = [...new Set(hashes.filter(isMediaHash))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ hash: mediaAssets.hash, width: mediaAssets.width, height: mediaAssets.height, alt: mediaAssets.alt, placeholder: mediaAssets.placeholder })
    .from(mediaAssets)
    .where(inArray(mediaAssets.hash, wanted));
  return new Map(rows.map((r) => [r.hash as MediaHash, { ...r, hash: r.hash as MediaHash }]));
}
