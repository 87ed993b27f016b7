import { stat } from "node:fs/promises";
import type { MediaHash } from "../../../domain/media";
import { mediaAssets } from "../../db/schema";
import { fromRoot } from "../../lib/root";
import { dbOf, type Shop } from "../../shop";
import { readSeedManifest, SEED_MEDIA_DIR } from "./seed-manifest";

/**
 * Loads the seed's photographs into the media library: one media_assets row per manifest entry, its original left
 * in content/media (storage_key "seed:<file>", read by the serving code). Cheap enough for every start: no image is
 * decoded, only each file's size is read. Idempotent: a hash already in the library is left as it is (an operator
 * may have changed its alt text).
 */
export async function seedMedia(shop: Shop): Promise<number> {
  const entries = await readSeedManifest();
  if (entries.length === 0) return 0;
  const now = shop.clock.now();
  const rows = await Promise.all(
    entries.map(async (e) => ({
      hash: e.hash,
      filename: e.file,
      mime: "image/webp",
      width: e.width,
      height: e.height,
      byteSize: (await stat(fromRoot(SEED_MEDIA_DIR, e.file))).size,
      alt: e.alt,
      placeholder: e.placeholder,
      source: "seed",
      storageKey: `seed:${e.file}`,
      createdAt: now,
    })),
  );
  const inserted = await dbOf(shop).insert(mediaAssets).values(rows).onConflictDoNothing({ target: mediaAssets.hash }).returning({ hash: mediaAssets.hash });
  return inserted.length;
}

/** Each seed picture's hash by name ("ds01-jar-pack", "article-<slug>", "home-hero"). */
export async function seedMediaHashes(): Promise<Map<string, MediaHash>> {
  return new Map((await readSeedManifest()).map((e) => [e.name, e.hash]));
}
