/** SVG scene to WebP original, its hash and its blurred placeholder. */
import { createHash } from "node:crypto";

export async function rasterise(sharp, svg, { quality = 80 } = {}) {
  const bytes = await sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
  const meta = await sharp(bytes).metadata();
  const hash = createHash("sha256").update(bytes).digest("hex");
  // ~16 px wide, blurred: drawn behind the image while it loads (Picture's background-image)
  const tiny = await sharp(bytes).resize({ width: 16 }).blur(1).webp({ quality: 50 }).toBuffer();
  return { bytes, hash, width: meta.width, height: meta.height, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` };
}
