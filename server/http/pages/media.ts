import { Hono, type Context } from "hono";
import { ShopError } from "../../../domain/errors";
import { isMediaFormat, mediaVariant } from "../../modules/media";
import { errorResponse } from "../errors";
import type { AppEnv } from "../types";

const TYPES = { avif: "image/avif", webp: "image/webp" } as const;
/** `<width>.<format>`: digits only, so "0640.webp" or "640.webp.html" is not another name for the same bytes. */
const FILE = /^([1-9][0-9]{1,3})\.(avif|webp)$/;

const notFound = (c: Context<AppEnv>) => {
  c.header("Cache-Control", "no-store");
  return errorResponse(c, new ShopError("NOT_FOUND", "There is no such image."));
};

/**
 * The media library's renditions (docs/decisions/0067-media-library.md): `/media/<hash>/<width>.<avif|webp>`. A URL
 * names its bytes for ever (the hash is the original's sha256, the width and format are the rendition), so browsers
 * and CDNs keep it a year without asking again; a hash or width the library does not have is a 404.
 */
export const mediaRoutes = new Hono<AppEnv>().get("/media/:hash/:file", async (c) => {
  const match = FILE.exec(c.req.param("file"));
  const format = match?.[2];
  if (!match || !format || !isMediaFormat(format)) return notFound(c);
  const hash = c.req.param("hash");
  const width = Number(match[1]);
  const etag = `"${hash}-${width}-${format}"`;
  const variant = await mediaVariant(c.get("shop"), hash, width, format);
  if (!variant) return notFound(c);
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  c.header("ETag", etag);
  c.header("X-Content-Type-Options", "nosniff");
  if (c.req.header("if-none-match")?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return c.body(null, 304);
  c.header("Content-Type", TYPES[format]);
  return c.body(variant.bytes as Uint8Array<ArrayBuffer>);
});
