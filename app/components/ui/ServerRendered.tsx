import { createContext, useContext } from "react";

/** A section rendered by staticMarkup (app/lib/static-markup.server.ts): its HTML, or null when only the document has it. */
export type StaticMarkup = { readonly key: string; readonly html: string | null };

/** The document render's sections by key (entry.server.tsx provides the request's); absent in the browser. */
export const ServerMarkupSections = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * Shows a section made by staticMarkup, in a wrapper with `display: contents` so the section's own root is what the
 * page's layout sees. In the document the HTML comes from the render's sections; while the browser hydrates it has
 * none, and React keeps the server's markup as it is (it never hydrates inside dangerouslySetInnerHTML, and the
 * difference is expected: suppressHydrationWarning). After a client navigation the HTML comes with the loader's data.
 */
export function ServerRendered({ markup }: { markup: StaticMarkup }) {
  const sections = useContext(ServerMarkupSections);
  const html = markup.html ?? sections?.get(markup.key) ?? "";
  return <div className="server-rendered" data-section={markup.key} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
