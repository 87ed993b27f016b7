import { z } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse, ErrorSchema } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const PageParam = z.object({ routeName: z.string().min(1).max(60) });
const Version = z.coerce.number().int().min(1).max(1_000_000);

const listRoute = consoleRoute("content.read", {
  method: "get",
  path: "/content/pages",
  summary: "Content pages by path, with their published version",
  responses: { 200: jsonResponse("The pages", Any) },
});

const pageRoute = consoleRoute("content.read", {
  method: "get",
  path: "/content/pages/{routeName}",
  summary: "A page as published, its editor fields and its history (version = show an earlier version's words)",
  request: { params: PageParam, query: z.object({ version: Version.optional() }) },
  responses: { 200: jsonResponse("The page", Any) },
});

/** A page's words and blocks as edited over the version they started from: what a publish, now or later, sends. */
const PageDraft = z.object({
  baseVersion: Version,
  title: z.string().max(200),
  intro: z.string().max(1000),
  description: z.string().max(300),
  blocks: z.array(z.unknown()).max(300),
});

const publishRoute = consoleRoute("content.publish", {
  method: "post",
  path: "/content/pages/{routeName}/versions",
  summary: "Publish a new version of a page over baseVersion (409 when someone published since)",
  request: {
    params: PageParam,
    body: jsonBody(
      PageDraft,
    ),
  },
  responses: { 200: jsonResponse("The published version", Any), 409: jsonResponse("Published by someone else meanwhile: CONTENT_VERSION_CONFLICT", ErrorSchema) },
});

const restoreRoute = consoleRoute("content.publish", {
  method: "post",
  path: "/content/pages/{routeName}/versions/{version}/restore",
  summary: "Publish an earlier version's words again, as a new version over baseVersion",
  request: { params: PageParam.extend({ version: Version }), body: jsonBody(z.object({ baseVersion: Version })) },
  responses: { 200: jsonResponse("The published version", Any), 409: jsonResponse("Published by someone else meanwhile: CONTENT_VERSION_CONFLICT", ErrorSchema) },
});

const scheduleRoute = consoleRoute("content.publish", {
  method: "post",
  path: "/content/pages/{routeName}/schedules",
  summary: "Publish a new version of a page at publishAt on the shop's clock (replaces the page's pending schedule; refused then if the page moved on from baseVersion)",
  request: {
    params: PageParam,
    body: jsonBody(
      PageDraft.extend({ publishAt: z.iso.datetime({ offset: true }) }),
    ),
  },
  responses: { 200: jsonResponse("The pending schedule", Any), 409: jsonResponse("Published by someone else meanwhile: CONTENT_VERSION_CONFLICT", ErrorSchema) },
});

const cancelScheduleRoute = consoleRoute("content.publish", {
  method: "post",
  path: "/content/pages/{routeName}/schedules/{id}/cancel",
  summary: "Cancel the page's pending schedule (404 once it was published, refused or cancelled)",
  request: { params: PageParam.extend({ id: z.uuid() }) },
  responses: { 200: jsonResponse("The cancelled schedule", Any), 404: jsonResponse("No such pending schedule: NOT_FOUND", ErrorSchema) },
});

export const consoleContentApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).content.pages(), 200))
  .openapi(pageRoute, async (c) => c.json(await serviceOf(c).content.page(c.req.valid("param").routeName, c.req.valid("query")), 200))
  .openapi(publishRoute, async (c) => c.json(await serviceOf(c).content.publish(c.req.valid("param").routeName, c.req.valid("json")), 200))
  .openapi(restoreRoute, async (c) => {
    const { routeName, version } = c.req.valid("param");
    return c.json(await serviceOf(c).content.restore(routeName, version, c.req.valid("json").baseVersion), 200);
  })
  .openapi(scheduleRoute, async (c) => c.json(await serviceOf(c).content.schedule(c.req.valid("param").routeName, c.req.valid("json")), 200))
  .openapi(cancelScheduleRoute, async (c) => {
    const { routeName, id } = c.req.valid("param");
    return c.json(await serviceOf(c).content.cancelSchedule(routeName, id), 200);
  });
