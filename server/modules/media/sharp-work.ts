import sharp from "sharp";
import { ShopError } from "../../../domain/errors";
import { MAX_IMAGE_PIXELS } from "../../../domain/media-upload";

/**
 * Every decode in this process goes through here: at most `SHARP_SLOTS` images are decoded or encoded at once, the
 * rest wait in line. A burst of first requests for new renditions (or an upload of twelve photographs) then costs
 * a queue, not the process's memory and both cores; libvips already uses several threads for one image.
 */
const SHARP_SLOTS = 2;
let running = 0;
const waiting: (() => void)[] = [];

export async function withSharpSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SHARP_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * sharp reading untrusted bytes: refuses more than MAX_IMAGE_PIXELS (libvips checks the header before decoding) and
 * fails on a damaged file instead of drawing what it could read. Only the first frame of an animation is read.
 */
export const readImage = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", pages: 1 });

/** libvips's own pixel-limit refusal (it reads the header's size before decoding) as our 422. */
export function pixelLimitError(error: unknown): ShopError | null {
  return error instanceof Error && /pixel limit/i.test(error.message) ? new ShopError("IMAGE_TOO_MANY_PIXELS") : null;
}
