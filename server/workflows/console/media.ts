import { ShopError } from "../../../domain/errors";
import { cleanAlt } from "../../../domain/media-upload";
import { notifyPagesChanged } from "../../modules/content";
import { setLibraryAlt, storeImage, type PreparedImage, type StoredImage } from "../../modules/media";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * Stores one checked upload and its audit entry in one transaction (docs/decisions/0067-media-library.md). The same
 * bytes uploaded again are recorded too (duplicate: true): who tried to add what is part of the log.
 */
export function uploadImageAction(shop: Shop, actor: ConsoleActor, image: PreparedImage): Promise<StoredImage> {
  return consoleAction(shop, actor, "media.upload", async (tx, now) => {
    const stored = await storeImage(tx, image, { source: "upload", staffId: actor.staffId, now });
    const { hash, filename, mime, width, height, alt } = image;
    return {
      result: stored,
      audit: { targetType: "media", targetId: hash, before: null, after: { filename, mime, width, height, byteSize: image.bytes.byteLength, alt, duplicate: stored.duplicate } },
    };
  });
}

/** Changes an image's alt text; the audit entry keeps the words before and after. */
export async function setImageAltAction(shop: Shop, actor: ConsoleActor, hash: string, input: string): Promise<{ hash: string; alt: string }> {
  const alt = cleanAlt(input);
  if (!alt) throw new ShopError("ALT_TEXT_REQUIRED");
  const changed = await consoleAction(shop, actor, "media.edit", async (tx) => {
    const change = await setLibraryAlt(tx, hash, alt);
    if (!change) throw new ShopError("NOT_FOUND", "There is no such image.");
    return { result: { hash, alt }, audit: { targetType: "media", targetId: hash, before: { alt: change.before }, after: { alt } } };
  });
  // Pages draw the library's alt text: every process's page cache must forget the words before.
  await notifyPagesChanged(shop, "image alt text changed");
  return changed;
}
