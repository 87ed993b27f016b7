import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import type { MediaHash, MediaImage } from "../../../domain/media";
import { cleanAlt } from "../../../domain/media-upload";
import type { Queryable } from "../../db/client";
import { mediaAssets, mediaOriginals } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { inspectImage, type ImageFacts } from "./inspect-image";
import { makePlaceholder } from "./placeholder";
import { readImage, withSharpSlot } from "./sharp-work";

export type IngestSource = "upload" | "review";

export interface IngestInput {
  bytes: Uint8Array;
  filename: string;
  alt: string;
  source: IngestSource;
  staffId?: string | null;
}

/** A file checked and ready to store: nothing is written until every check passed. */
export interface PreparedImage extends ImageFacts {
  hash: MediaHash;
  bytes: Uint8Array;
  filename: string;
  alt: string;
  placeholder: string;
}

export interface StoredImage {
  image: MediaImage;
  /** The same bytes were in the library already: that asset (and its alt text) is answered, nothing new is stored. */
  duplicate: boolean;
}

/** A file name as shown in the console: its last path part, printable characters only, at most 200. */
function cleanFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const printable = last.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return printable || "image";
}

/** Checks a file (alt text, size, type, pixel count, whole decode) and makes its placeholder; writes nothing. */
export async function prepareImage(input: Pick<IngestInput, "bytes" | "filename" | "alt">): Promise<PreparedImage> {
  const alt = cleanAlt(input.alt);
  if (!alt) throw new ShopError("ALT_TEXT_REQUIRED");
  const facts = await inspectImage(input.bytes);
  const placeholder = await makePlaceholder(input.bytes);
  const hash = createHash("sha256").update(input.bytes).digest("hex") as MediaHash;
  return { ...facts, hash, bytes: input.bytes, filename: cleanFilename(input.filename), alt, placeholder };
}

/**
 * Stores a prepared file in the caller's transaction: the original in media_originals and its row in media_assets,
 * both `on conflict do nothing`, so the same bytes uploaded twice (even at the same moment by two processes) make one
 * asset. The original is kept as sent (never served: every rendition is re-encoded without its metadata).
 */
export async function storeImage(tx: Queryable, image: PreparedImage, meta: { source: IngestSource; staffId?: string | null; now: Date }): Promise<StoredImage> {
  await tx.insert(mediaOriginals).values({ hash: image.hash, data: Buffer.from(image.bytes) }).onConflictDoNothing();
  const inserted = await tx
    .insert(mediaAssets)
    .values({
      hash: image.hash,
      filename: image.filename,
      mime: image.mime,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.byteLength,
      alt: image.alt,
      placeholder: image.placeholder,
      source: meta.source,
      storageKey: "db",
      createdByStaffId: meta.staffId ?? null,
      createdAt: meta.now,
    })
    .onConflictDoNothing()
    .returning({ hash: mediaAssets.hash });
  const [row] = await tx
    .select({ hash: mediaAssets.hash, width: mediaAssets.width, height: mediaAssets.height, alt: mediaAssets.alt, placeholder: mediaAssets.placeholder })
    .from(mediaAssets)
    .where(eq(mediaAssets.hash, image.hash));
  if (!row) throw new ShopError("UNKNOWN");
  return { image: { ...row, hash: row.hash as MediaHash }, duplicate: inserted.length === 0 };
}

/**
 * The library's one way in (the console's upload, a review's photos): validates with sharp, and stores the original
 * and its row in one transaction, deduplicated by hash. A refused file throws a 4xx ShopError and stores nothing.
 */
export async function ingestImage(shop: Shop, input: IngestInput): Promise<MediaImage> {
  const checked = await prepareImage(input);
  // A shopper's photo may carry where it was taken: its original is kept re-encoded without metadata (staff uploads are
  // kept as sent, and no original is ever served).
  const prepared = input.source === "review" ? await prepareImage({ ...input, bytes: await withoutMetadata(checked) }) : checked;
  const stored = await dbOf(shop).transaction((tx) => storeImage(tx, prepared, { source: input.source, staffId: input.staffId, now: shop.clock.now() }));
  return stored.image;
}

/** The same picture, upright, in its own format, with no EXIF, GPS or other metadata (sharp drops it unless asked). */
function withoutMetadata(image: PreparedImage): Promise<Uint8Array> {
  const format = image.mime === "image/jpeg" ? "jpeg" : image.mime === "image/png" ? "png" : image.mime === "image/avif" ? "avif" : "webp";
  return withSharpSlot(() => readImage(image.bytes).rotate().toFormat(format, { quality: 90 }).toBuffer());
}
