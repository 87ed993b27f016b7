import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import type { StaticMarkup } from "../components/ui/ServerRendered";

/**
 * Markup the server renders once and the browser never hydrates (ADR 0077). For long parts of a page that have no
 * state or handlers (a product's reviews, its supplement facts): React then adopts one element instead of hundreds.
 * On a page's own request the HTML goes only into the document (the render reads it from the load context); on a
 * client navigation's data request it travels in the loader's data. `.server` keeps React DOM's server renderer out
 * of the browser's bundles.
 */
export function staticMarkup(context: AppLoadContext, key: string, node: ReactNode): StaticMarkup {
  const html = renderToStaticMarkup(node);
  if (!context.serverMarkup.forDocument) return { key, html };
  context.serverMarkup.sections.set(key, html);
  return { key, html: null };
}
