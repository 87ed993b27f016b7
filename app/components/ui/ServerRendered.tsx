/**
 * Shows markup made by staticMarkup (app/lib/static-markup.server.ts) as it came from the server. The wrapper has
 * `display: contents`, so the markup's own root is what the page's layout sees; React hydrates only this wrapper.
 */
export function ServerRendered({ markup }: { markup: { readonly html: string } }) {
  return <div className="server-rendered" dangerouslySetInnerHTML={{ __html: markup.html }} />;
}
