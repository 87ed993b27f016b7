import { ShopError } from "../../../domain/errors";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type AcceptedType } from "../../../domain/media-upload";
import { pixelLimitError, readImage } from "./sharp-work";

export interface ImageFacts {
  mime: AcceptedType;
  /** As shown (after the EXIF orientation is applied). */
  width: number;
  height: number;
}

/**
 * The first bytes of each accepted format. Checked before sharp sees the file, so bytes of any other kind (SVG, PDF,
 * TIFF, HTML renamed .png) never reach libvips's other loaders at all; sharp's reading below is what decides.
 */
function looksLikeAcceptedImage(b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length < 16) return false;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
  if (b[0] === 0x89 && ascii(1, 4) === "PNG") return true;
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return true;
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return true;
  return ascii(4, 8) === "ftyp" && ["avif", "avis", "mif1", "msf1"].includes(ascii(8, 12));
}

/** sharp's reading of the header, as the type we store; HEIC (HEIF with HEVC) is not AVIF and is refused. */
function typeOf(format: string | undefined, compression: string | undefined): AcceptedType | null {
  if (format === "jpeg" || format === "png" || format === "webp" || format === "gif") return `image/${format}`;
  if (format === "heif" && compression === "av1") return "image/avif";
  return null;
}

/**
 * What an uploaded file is, read from its bytes: its size first (nothing decoded), then its header (type and pixel
 * count, without decoding the pixels). Throws a 4xx ShopError for anything the library does not take.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageFacts> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ShopError("IMAGE_FILE_TOO_LARGE");
  if (!looksLikeAcceptedImage(bytes)) throw new ShopError("IMAGE_NOT_SUPPORTED");
  const meta = await readImage(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw pixelLimitError(error) ?? new ShopError("IMAGE_NOT_SUPPORTED");
    });
  const mime = typeOf(meta.format, meta.compression);
  if (!mime) throw new ShopError("IMAGE_NOT_SUPPORTED");
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw new ShopError("IMAGE_UNREADABLE");
  // One frame's pixels: an animated GIF's metadata reports the first frame (pages: 1).
  if (width * height > MAX_IMAGE_PIXELS) throw new ShopError("IMAGE_TOO_MANY_PIXELS");
  return { mime, width, height };
}
