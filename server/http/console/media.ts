import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { isErrorCode, ShopError } from "../../../domain/errors";
import { MAX_UPLOAD_BODY_BYTES } from "../../../domain/media-upload";
import { withoutTrailingSlashes } from "../../../domain/routes";
import { bodyLimitFast, payloadTooLarge } from "../middleware/body-limit";
import { createRouter, ErrorSchema, jsonBody, jsonResponse } from "../openapi";
import type { AppEnv } from "../types";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";
import { readUploadForm } from "./upload-form";

const Any = z.any();
const HashParam = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, "a hash is 64 lowercase hex digits") });

/** The upload's path: the API's 64 KB JSON-only rules (server/app.ts) step aside for it, and its own apply after sign-in. */
export const MEDIA_UPLOAD_PATH = "/api/console/media";
export const isMediaUpload = (method: string, path: string) => method === "POST" && withoutTrailingSlashes(path) === MEDIA_UPLOAD_PATH;

/**
 * An upload's body limit, checked once the guard let the request in. A refused upload's body is never read: the
 * answer says `Connection: close`, so the client stops sending and the connection is not reused.
 */
export const uploadBodyLimit: MiddlewareHandler<AppEnv> = bodyLimitFast({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: payloadTooLarge("api") });
const closeAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header("Connection", "close");
  await next();
};

const listRoute = consoleRoute("media.read", {
  method: "get",
  path: "/media",
  summary: "The media library, newest first (before = the previous page's next)",
  request: { query: z.object({ before: z.string().max(80).optional(), limit: z.coerce.number().int().min(1).max(200).optional() }) },
  responses: { 200: jsonResponse("A page of images", Any) },
});

const imageRoute = consoleRoute("media.read", {
  method: "get",
  path: "/media/{hash}",
  summary: "One library image",
  request: { params: HashParam },
  responses: { 200: jsonResponse("The image", Any) },
});

const uploadRoute = consoleRoute(
  "media.upload",
  {
    method: "post",
    path: "/media",
    summary:
      "Upload images (multipart/form-data: each `file` with the `alt` at the same position, up to 12 files and 32 MB). Each file's outcome is answered; a refused file stores nothing. 200 when any file was stored, else the first refusal's status",
    responses: {
      200: jsonResponse("Each file's outcome", Any),
      413: jsonResponse("The body is over 32 MB (unread): PAYLOAD_TOO_LARGE; or the only file is over 15 MB", ErrorSchema),
      415: jsonResponse("Not multipart, or no file is an image we take: UNSUPPORTED_MEDIA_TYPE or IMAGE_NOT_SUPPORTED", ErrorSchema),
      422: jsonResponse("No file was stored: IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE or ALT_TEXT_REQUIRED", ErrorSchema),
    },
  },
  [uploadBodyLimit],
);

const altRoute = consoleRoute("media.edit", {
  method: "patch",
  path: "/media/{hash}",
  summary: "Change an image's alt text (1 to 250 characters), audited",
  request: { params: HashParam, body: jsonBody(z.object({ alt: z.string().max(2000) })) },
  responses: { 200: jsonResponse("The new alt text", Any) },
});

export const consoleMediaApi = createRouter();
consoleMediaApi.use(MEDIA_UPLOAD_PATH.replace("/api/console", ""), async (c, next) => (c.req.method === "POST" ? closeAfter(c, next) : next()));
consoleMediaApi
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).media.library(c.req.valid("query")), 200))
  .openapi(imageRoute, async (c) => c.json(await serviceOf(c).media.image(c.req.valid("param").hash), 200))
  .openapi(uploadRoute, async (c) => {
    const files = await readUploadForm(c.req.raw);
    const outcomes = await serviceOf(c).media.upload(files);
    const refusal = outcomes.find((o) => !o.ok);
    if (outcomes.some((o) => o.ok) || !refusal || refusal.ok || !isErrorCode(refusal.code)) return c.json({ files: outcomes }, 200);
    // Nothing was stored: the answer's status is the first file's refusal, so a client that sent one file reads it as usual.
    const error = new ShopError(refusal.code, refusal.message);
    return c.json({ ...error.toBody(), files: outcomes }, error.status as 413);
  })
  .openapi(altRoute, async (c) => c.json(await serviceOf(c).media.setAlt(c.req.valid("param").hash, c.req.valid("json").alt), 200));

