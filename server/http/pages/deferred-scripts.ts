/*
 * The page's JavaScript starts loading after its first paint (issue 14).
 *
 * Pages are rendered on the server and work before JavaScript (links, forms, disclosure menus); the code only
 * hydrates them. Yet React Router announces ~24 module files (~190 KB gzipped) in the <head>, at the priority of
 * render-blocking scripts, so on a slow phone they share the connection with the HTML and the hero image and
 * postpone the first paint. Here the HTML is rewritten so that:
 *   - the <link rel="modulepreload"> tags leave the <head>;
 *   - React Router's inline module script (the one that imports the entry and the route modules) becomes an inert
 *     <script type="text/x-deferred-module">, its preload list in data-modulepreload, followed by a small loader.
 * The loader waits for the first contentful paint and for the images the page marks fetchpriority="high" (the hero),
 * then one more frame, and puts the preload links and the module script back as they were. A tap or key press
 * before that starts it at once, and so does a timer, for tabs that never paint (opened in the background).
 *
 * React hydrates <head> and <body> leniently: it matches an inline <script> without looking at its type or text,
 * skips nodes it did not render, and finds (or adds) its modulepreload links by href. The CSP is unchanged: the
 * loader and the module script it adds carry the page's nonce (no 'unsafe-inline', no 'strict-dynamic').
 */

export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g;
/** React Router's route-modules script: inline, type="module", and it sets window.__reactRouterRouteModules. */
const ROUTE_MODULES_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>((?:(?!<\/script>)[\s\S])*?window\.__reactRouterRouteModules[\s\S]*?)<\/script>/;
/** How long a page that never paints (a background tab) waits before loading its code anyway. */
const FALLBACK_MS = 3000;

/**
 * The loader, run by the parser right after the inert script (document.currentScript.previousElementSibling).
 * Kept in plain ES2017 and small: it is in every page.
 */
const LOADER = `(function(t){var n=document.currentScript.nonce,d=!1,o;function go(){if(d)return;d=!0;o&&o.disconnect();var h=(t.getAttribute("data-modulepreload")||"").split(" ").filter(Boolean);h.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=n;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=t.textContent;document.body.appendChild(s)}
function frame(){requestAnimationFrame(function(){setTimeout(go,0)})}
function hero(){var p=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete});if(!p.length)return frame();var k=p.length;p.forEach(function(i){function f(){if(--k===0)frame()}i.addEventListener("load",f,{once:!0});i.addEventListener("error",f,{once:!0})})}
["pointerdown","keydown","touchstart"].forEach(function(e){addEventListener(e,go,{once:!0,capture:!0,passive:!0})});setTimeout(go,${FALLBACK_MS});
try{o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();hero()}});o.observe({type:"paint",buffered:!0})}catch(e){go()}})(document.currentScript.previousElementSibling)`;

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The head without its modulepreload links, and their hrefs in order. */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const out = head.replace(MODULE_PRELOAD, (tag) => {
    const href = attribute(tag, "href");
    if (href === null || /\s/.test(href)) return tag;
    hrefs.push(href);
    return "";
  });
  return { head: out, hrefs };
}

/** True when `html` holds the whole route-modules script. */
export function hasRouteModulesScript(html: string): boolean {
  return ROUTE_MODULES_SCRIPT.test(html);
}

/**
 * The body with React Router's module script made inert and followed by the loader. `hrefs` are the preloads taken
 * from the head. Without that script (a page that loads no code) the body is returned as it was, and so are the
 * links: the caller only calls this when the script is there.
 */
export function deferRouteModules(body: string, hrefs: string[]): string {
  return body.replace(ROUTE_MODULES_SCRIPT, (_whole, before: string, after: string, code: string) => {
    const nonce = attribute(`${before}${after}`, "nonce");
    const nonceAttr = nonce === null ? "" : ` nonce="${nonce}"`;
    const preload = hrefs.length ? ` data-modulepreload="${hrefs.join(" ")}"` : "";
    return `<script${nonceAttr} type="${DEFERRED_MODULE_TYPE}"${preload}>${code}</script><script${nonceAttr}>${LOADER}</script>`;
  });
}
