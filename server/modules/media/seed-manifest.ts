import { readFile } from "node:fs/promises";
import { isMediaHash, type MediaHash } from "../../../domain/media";
import { z } from "../../../domain/zod";
import { fromRoot } from "../../lib/root";

/**
 * content/media/manifest.json: the seed's photographs, made by scripts/make-photos (docs/decisions/0070). It carries
 * everything a media_assets row needs, so seeding never opens an image.
 */
export const SeedMediaEntry = z.object({
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  file: z.string().regex(/^[a-z0-9-]+\.webp$/),
  hash: z.string().refine(isMediaHash, "a sha256 hex digest"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().min(1).max(300),
  placeholder: z.string().startsWith("data:image/webp;base64,"),
});
export type SeedMediaEntry = z.infer<typeof SeedMediaEntry> & { hash: MediaHash };

export const SEED_MEDIA_DIR = "content/media";

/** The manifest, read once per process (it never changes while the shop runs). */
let manifest: Promise<SeedMediaEntry[]> | undefined;

export function readSeedManifest(): Promise<SeedMediaEntry[]> {
  manifest ??= readFile(fromRoot(SEED_MEDIA_DIR, "manifest.json"), "utf8").then((text) => z.array(SeedMediaEntry).parse(JSON.parse(text)) as SeedMediaEntry[]);
  return manifest;
}
