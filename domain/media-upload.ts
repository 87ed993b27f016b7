/**
 * What the media library accepts (docs/decisions/0067-media-library.md), shared by the console's upload page and the
 * server that enforces it. The server decides a file's type from its bytes (sharp's reading), never from its name or
 * the browser's claim; `ACCEPTED_TYPES` only helps the file picker offer the right files.
 */
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/** One file's largest size, checked before anything decodes it. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** One upload request's largest body (several files); a bigger one is refused from its Content-Length, unread. */
export const MAX_UPLOAD_BODY_BYTES = 32 * 1024 * 1024;
/** Files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 12;
/**
 * The most pixels an original may have (read from its header before decoding): a 48-megapixel phone photograph
 * passes, a small file declaring a huge canvas (a decompression bomb) does not.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const ALT_MAX = 250;

/** Alt text as stored: trimmed, spaces collapsed; null when empty or too long. */
export function cleanAlt(alt: unknown): string | null {
  if (typeof alt !== "string") return null;
  const clean = alt.replace(/\s+/g, " ").trim();
  return clean.length >= 1 && clean.length <= ALT_MAX ? clean : null;
}

export const ALT_RULE = `Describe the image in 1 to ${ALT_MAX} characters: what a reader would miss without it.`;

/** "12.4 MB" for a byte count (the upload page's limits and errors). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
