import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../../lib/root";
import type { DocumentHandler } from "./document";
import { withFastFirstPaint } from "./first-paint";
import { builtStylesheets } from "./inline-styles";

/** The production page renderer: React Router's server build, made by `npm run build`, rewritten for a fast first paint (first-paint.ts). */
export async function productionDocumentHandler(): Promise<DocumentHandler> {
  const build = (await import(pathToFileURL(fromRoot("build/server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const stylesheets = builtStylesheets(fromRoot("build/client"));
  return async (request, context) => withFastFirstPaint(await handle(request, context as unknown as AppLoadContext), stylesheets);
}
