import type { Context } from "hono";
import type { AppEnv } from "../types";

/**
 * Markup a loader renders on the server for a section that is never hydrated (ADR 0077). A page's own request keeps it
 * here for the render, so the document carries it once, as HTML; a client navigation's data request (`*.data`) has no
 * render on the server and gets it in the loader's data instead.
 */
export interface ServerMarkupStore {
  /** True for a document request: the markup goes into the render, not into the loader's data. */
  readonly forDocument: boolean;
  readonly sections: Map<string, string>;
}

export interface ServerMarkupContext {
  serverMarkup: ServerMarkupStore;
}

export function serverMarkupContext(c: Context<AppEnv>): ServerMarkupContext {
  return { serverMarkup: { forDocument: !new URL(c.req.url).pathname.endsWith(".data"), sections: new Map() } };
}
