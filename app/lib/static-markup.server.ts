import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Markup the server renders once and the browser never hydrates (ADR 0077). For long parts of a page that have no
 * state or handlers (a product's reviews, its supplement facts): React then adopts one element instead of hundreds,
 * and the loader sends the finished markup instead of the data it was made from. `.server` keeps it out of the
 * browser's bundle.
 */
export type StaticMarkup = { readonly html: string };

export function staticMarkup(node: ReactNode): StaticMarkup {
  return { html: renderToStaticMarkup(node) };
}
