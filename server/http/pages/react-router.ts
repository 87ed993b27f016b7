import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../../lib/root";
import type { DocumentHandler } from "./document";

/** The production page renderer: React Router's server build, made by `npm run build`. */
export async function productionDocumentHandler(): Promise<DocumentHandler> {
  const build = (await import(pathToFileURL(fromRoot("build/server/index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return (request, context) => handle(request, context as unknown as AppLoadContext);
}
