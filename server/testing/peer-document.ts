import type { DocumentHandler } from "../http/pages/document";

/** A stand-in for React Router: a page showing the approach page's introduction, with a nonce'd script like the real one. */
export const peerDocument: DocumentHandler = async (_request, context) => {
  const page = await context.pages.find("approach");
  const html = `<!doctype html><title>${page?.intro}</title><script nonce="${context.nonce}">window.ok=1</script><p>${page?.intro}</p>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};
