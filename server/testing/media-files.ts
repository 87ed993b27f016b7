import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** Test images for the media library (docs/decisions/0067), made here so no fixture binary lives in git. */

/** A photograph-like JPEG `width` x `height` with EXIF an upload must not leak (artist, copyright, a GPS position). */
export async function samplePhoto(width = 1200, height = 800, hue = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,80%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#f4efe6"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Artist: "Test Camera Owner", Copyright: "Secret studio" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb by its header: a well-formed PNG a few hundred bytes long declaring `side` x `side` grey
 * pixels (50,000 x 50,000 = 2.5 billion), whose data would inflate to gigabytes.
 */
export function headerBombPng(side = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((side + 1) * 16); // the first 16 rows of zeros; a real bomb goes on for all of them
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(rows, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A real, complete bomb: an 8,000 x 8,000 black PNG (64 megapixels) that compresses to about 60 KB. */
export function solidBombPng(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 8000, channels: 3, background: { r: 0, g: 0, b: 0 } }, limitInputPixels: false })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An HTML page named like a picture. */
export const htmlAsPng = () => Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script><img src=x onerror=alert(1)></body></html>\n".repeat(4));
