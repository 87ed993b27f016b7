import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/*
 * The page's own stylesheets, inlined into its <head> (issue 14: first paint on a slow phone).
 *
 * A <link rel="stylesheet"> blocks rendering until it has come back: one more round trip after the HTML on every first
 * visit, which on a mobile connection was most of the time to the first paint. The stylesheets of a page are small
 * (the shop's ~54 KB and a route's few KB before compression, ~11 KB gzipped), so each built stylesheet the page links
 * is put into the HTML as a <style> just before its link, and the link itself gets `disabled`, which the browser
 * does not fetch.
 *
 * The link stays because React hydrates <head> against it (it matches a link by rel and href, and ignores the
 * extra <style> and the extra attribute). After hydration React Router manages links as before: a later route's
 * stylesheet is a normal link, fetched once and cached (hashed file names, immutable). A <style> stays in the page
 * when its route is left, harmless since route stylesheets use their own class names.
 *
 * Done on the server's HTML (./first-paint.ts) rather than in React so the client bundle carries no CSS text; the page
 * cache stores the result, so a cached page costs nothing more. Development (Vite) serves CSS its own way.
 */

/** Stylesheets larger than this stay links: inlining them would delay the HTML more than the request costs. */
const MAX_INLINE_BYTES = 96 * 1024;
const STYLESHEET_LINK = /<link\b[^>]*>/g;

export type StylesheetReader = (href: string) => string | null;

/**
 * Reads built stylesheets (build/client/assets/*.css) once each; anything else is not inlined. React Router's
 * manifest writes a stylesheet that a route shares with a lazily loaded module with an empty fragment
 * ("/assets/cart-x.css#", the cart's CSS on cart and checkout): the same file, so it is inlined too (it was left a
 * render-blocking request, issue 34's Lighthouse run).
 */
export function builtStylesheets(clientDir: string): StylesheetReader {
  const cache = new Map<string, string | null>();
  return (href) => {
    const path = href.endsWith("#") ? href.slice(0, -1) : href;
    if (!/^\/assets\/[\w.-]+\.css$/.test(path)) return null;
    if (!cache.has(href)) {
      const file = join(clientDir, path);
      const ok = existsSync(file) && statSync(file).size <= MAX_INLINE_BYTES;
      cache.set(href, ok ? readFileSync(file, "utf8") : null);
    }
    return cache.get(href) ?? null;
  };
}

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The head with each readable stylesheet link preceded by its CSS and disabled. */
export function inlineStylesheets(head: string, read: StylesheetReader): string {
  return head.replace(STYLESHEET_LINK, (tag) => {
    if (attribute(tag, "rel") !== "stylesheet" || /\sdisabled[\s=/>]/.test(tag)) return tag;
    const href = attribute(tag, "href");
    const css = href ? read(href) : null;
    // "</style" cannot occur in CSS the build wrote, but a stylesheet must never end the element early.
    if (css === null || /<\/style/i.test(css)) return tag;
    const nonce = attribute(tag, "nonce");
    const open = `<style data-href="${href}"${nonce === null ? "" : ` nonce="${nonce}"`}>`;
    return `${open}${css}</style>${tag.replace(/\s*\/?>$/, " disabled=\"\"/>")}`;
  });
}
