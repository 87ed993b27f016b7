/**
 * The media library's public contract (docs/decisions/0067): how an image is named and which renditions are served.
 * A hash is the sha256 of the original's bytes, so every URL built from it is immutable.
 */
export type MediaHash = string & { readonly __brand: "MediaHash" };

const HASH = /^[0-9a-f]{64}$/;

export function isMediaHash(value: string): value is MediaHash {
  return HASH.test(value);
}

/** Widths every image is served at (never wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1600] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** What a page needs to draw an image without layout shift. */
export interface MediaImage {
  hash: MediaHash;
  width: number;
  height: number;
  alt: string;
  /** A tiny blurred data: URL to show while loading. */
  placeholder: string;
}

/** `/media/<hash>/<width>.<format>`: the path of one rendition. */
export function mediaPath(hash: MediaHash, width: number, format: MediaFormat): string {
  return `/media/${hash}/${width}.${format}`;
}

/** The widths to offer for an original `originalWidth` wide: each listed width below it, plus the original's own. */
export function widthsFor(originalWidth: number): number[] {
  const below = MEDIA_WIDTHS.filter((w) => w < originalWidth);
  return originalWidth <= 1600 ? [...below, originalWidth] : [...MEDIA_WIDTHS];
}

export function srcSet(image: Pick<MediaImage, "hash" | "width">, format: MediaFormat): string {
  return widthsFor(image.width)
    .map((w) => `${mediaPath(image.hash, w, format)} ${w}w`)
    .join(", ");
}
