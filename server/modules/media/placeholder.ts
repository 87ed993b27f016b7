import { ShopError } from "../../../domain/errors";
import { pixelLimitError, readImage, withSharpSlot } from "./sharp-work";

const PLACEHOLDER_WIDTH = 16;

/**
 * A ~16 px wide blurred WebP as a data: URL (a few hundred bytes), drawn behind the image while it loads. Making it
 * decodes the whole original, so it is also the proof that the file is not damaged past its header.
 */
export async function makePlaceholder(bytes: Uint8Array): Promise<string> {
  const small = await withSharpSlot(() =>
    readImage(bytes)
      .autoOrient()
      .resize({ width: PLACEHOLDER_WIDTH })
      .blur(1)
      .webp({ quality: 40, effort: 4 })
      .toBuffer(),
  ).catch((error: unknown) => {
    throw pixelLimitError(error) ?? new ShopError("IMAGE_UNREADABLE");
  });
  return `data:image/webp;base64,${small.toString("base64")}`;
}
