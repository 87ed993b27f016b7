import { desc } from "drizzle-orm";
import type { MediaHash, MediaImage } from "../../../domain/media";
import type { Database } from "../../db/client";
import { mediaAssets } from "../../db/schema";

/** The library's newest images (uploads, seed photos), for a picker such as the product profile editor's. */
export async function libraryImages(db: Database, limit = 120): Promise<(MediaImage & { filename: string; source: string })[]> {
  const rows = await db
    .select({ hash: mediaAssets.hash, width: mediaAssets.width, height: mediaAssets.height, alt: mediaAssets.alt, placeholder: mediaAssets.placeholder, filename: mediaAssets.filename, source: mediaAssets.source })
    .from(mediaAssets)
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, hash: r.hash as MediaHash }));
}
