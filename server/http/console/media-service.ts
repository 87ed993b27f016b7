import type { Permission } from "../../../domain/console-access";
import { errorCodeOf, ShopError, toShopError } from "../../../domain/errors";
import { isMediaHash, type MediaImage } from "../../../domain/media";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "../../../domain/keyset";
import { MAX_FILES_PER_UPLOAD } from "../../../domain/media-upload";
import { findLibraryAsset, listLibrary, prepareImage, type LibraryAsset } from "../../modules/media";
import { dbOf, type Shop } from "../../shop";
import { setImageAltAction, uploadImageAction, type ConsoleActor } from "../../workflows/console";

/** One file of an upload request: its bytes, its name as sent, and the alt text typed for it. */
export interface UploadFile {
  bytes: Uint8Array;
  filename: string;
  alt: string;
}

/** What became of one file: stored (or found already stored), or refused with the reason; a refused file stored nothing. */
export type UploadOutcome =
  | { filename: string; ok: true; duplicate: boolean; image: MediaImage }
  | { filename: string; ok: false; code: string; message: string };

export const libraryView = (a: LibraryAsset) => ({
  hash: a.hash,
  filename: a.filename,
  mime: a.mime,
  width: a.width,
  height: a.height,
  byteSize: a.byteSize,
  alt: a.alt,
  placeholder: a.placeholder,
  source: a.source,
  createdAt: a.createdAt.toISOString(),
});
export type LibraryView = ReturnType<typeof libraryView>;

/** The console's media library (docs/decisions/0067-media-library.md), for one member of staff. */
export function mediaService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    /** Newest first; `before` is the previous page's `next`. */
    async library(input: { before?: string; limit?: number } = {}) {
      allow("media.read");
      const limit = pageSize(input.limit ?? 48);
      const rows = await listLibrary(db, { before: decodeTimeIdCursor(input.before), limit });
      const last = rows.at(-1);
      return { rows: rows.map(libraryView), next: rows.length === limit && last ? encodeTimeIdCursor(last) : null };
    },

    async image(hash: string) {
      allow("media.read");
      const asset = isMediaHash(hash) ? await findLibraryAsset(db, hash) : null;
      if (!asset) throw new ShopError("NOT_FOUND", "There is no such image.");
      return libraryView(asset);
    },

    /**
     * Each file checked and stored on its own, one after another (each decode waits for a sharp slot anyway): a bad
     * file is answered with its reason and does not lose the good ones.
     */
    async upload(files: UploadFile[]): Promise<UploadOutcome[]> {
      allow("media.upload");
      if (files.length === 0) throw new ShopError("VALIDATION_ERROR", "Choose at least one image to upload.");
      if (files.length > MAX_FILES_PER_UPLOAD) throw new ShopError("VALIDATION_ERROR", `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`);
      const outcomes: UploadOutcome[] = [];
      for (const file of files) {
        try {
          const stored = await uploadImageAction(shop, actor, await prepareImage(file));
          outcomes.push({ filename: file.filename, ok: true, duplicate: stored.duplicate, image: stored.image });
        } catch (error) {
          if (!errorCodeOf(error)) shop.log.error({ err: error, filename: file.filename }, "media upload failed");
          const refusal = toShopError(error);
          outcomes.push({ filename: file.filename, ok: false, code: refusal.code, message: refusal.message });
        }
      }
      return outcomes;
    },

    async setAlt(hash: string, alt: string) {
      allow("media.edit");
      if (!isMediaHash(hash)) throw new ShopError("NOT_FOUND", "There is no such image.");
      return setImageAltAction(shop, actor, hash, alt);
    },
  };
}
