import { ShopError } from "../../../domain/errors";
import { MAX_FILES_PER_UPLOAD } from "../../../domain/media-upload";
import type { UploadFile } from "./media-service";

const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * The files of an upload form (multipart/form-data): each `file` with the `alt` at the same position; one `alt` for
 * several files (the page's form before its script runs has one alt field) describes each of them. Called once the
 * staff member's permission and the body's size were checked.
 */
export async function readUploadForm(request: Request): Promise<UploadFile[]> {
  if (!MULTIPART.test(request.headers.get("content-type") ?? "")) {
    throw new ShopError("UNSUPPORTED_MEDIA_TYPE", "Send the images as multipart/form-data, each file with its alt text.");
  }
  const form = await request.formData().catch(() => {
    throw new ShopError("VALIDATION_ERROR", "The upload form could not be read. Choose the files again and send it once more.");
  });
  const files = form.getAll("file").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const alts = form.getAll("alt").map((a) => (typeof a === "string" ? a : ""));
  if (files.length === 0) throw new ShopError("VALIDATION_ERROR", "Choose at least one image to upload.");
  if (files.length > MAX_FILES_PER_UPLOAD) throw new ShopError("VALIDATION_ERROR", `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`);
  return Promise.all(
    files.map(async (file, i) => ({ bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || "image", alt: (alts.length === 1 ? alts[0] : alts[i]) ?? "" })),
  );
}
