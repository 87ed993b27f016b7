// Step 2: the JavaScript a route loads on first load, read from its server-rendered HTML.
//
// Counted: external <script src>, <link rel="modulepreload">, the modules an inline module script
// imports (statically or with a literal import(), which runs at once), and, transitively, every
// static import of those files (files reached only that way are listed as "not preloaded").
// Lazy import() inside chunks is not first-load JavaScript and is only listed.
// Each file is gzipped on its own at level 9 and the sizes are summed.
import { gzipSize } from "./util.mjs";

let lexer = null;
async function loadLexer() {
  if (lexer !== null) return lexer;
  try {
    const mod = await import("es-module-lexer");
    await mod.init;
    lexer = { name: "es-module-lexer", parse: mod.parse };
  } catch {
    lexer = { name: "regex", parse: null };
  }
  return lexer;
}

/** Returns { static: [specifier], dynamic: [specifier] } of an ES module's source. */
async function importsOf(source) {
  const lex = await loadLexer();
  if (lex.parse) {
    try {
      const [imports] = lex.parse(source);
      const out = { static: [], dynamic: [] };
      for (const i of imports) {
        let name = i.n;
        // The bundler writes import(`./chunk.js`); the lexer names only quoted specifiers.
        if (name === undefined && i.d > -1) name = /^`([^`$\\]+)`$/.exec(source.slice(i.s, i.e).trim())?.[1];
        if (name === undefined) continue; // import.meta or a computed import()
        (i.d === -1 ? out.static : out.dynamic).push(name);
      }
      return out;
    } catch {
      // fall through to the regex
    }
  }
  const out = { static: [], dynamic: [] };
  for (const m of source.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) out.static.push(m[1]);
  for (const m of source.matchAll(/\bimport\s*\(\s*(?:"([^"]+)"|'([^']+)'|`([^`$]+)`)\s*\)/g)) out.dynamic.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/**
 * The server starts a page's code after its first paint (docs/decisions/0043-first-paint.md): React Router's module
 * script arrives inert with this type and its preloads in data-modulepreload, and a loader puts both back. It is
 * still first-load JavaScript, so it is counted as a module script and as modulepreloads.
 */
const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** What the HTML asks the browser to load. */
function scanHtml(html) {
  const scripts = []; // { src } | { inline, module }
  const preloads = [];
  const stylesheets = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const a = attributes(m[1]);
    const deferred = a.type === DEFERRED_MODULE_TYPE;
    if (deferred) preloads.push(...(a["data-modulepreload"] ?? "").split(/\s+/).filter(Boolean));
    if (a.src !== undefined) scripts.push({ src: a.src, module: a.type === "module" || deferred });
    else if (!a.type || a.type === "module" || a.type === "text/javascript" || deferred) scripts.push({ inline: m[2], module: a.type === "module" || deferred });
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attributes(m[1]);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") || (rel.includes("preload") && a.as === "script")) preloads.push(a.href);
    if (rel.includes("stylesheet")) stylesheets.push(a.href);
  }
  return { scripts, preloads, stylesheets };
}

export function createJsWeigher(origin) {
  const cache = new Map(); // url -> Promise<Buffer>
  const fetchBytes = (url) => {
    if (!cache.has(url)) {
      cache.set(
        url,
        fetch(url, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(15_000) }).then(async (res) => {
          if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
          return Buffer.from(await res.arrayBuffer());
        }),
      );
    }
    return cache.get(url);
  };

  /** Measures one route path. */
  async function weigh(path) {
    const pageUrl = new URL(path, origin);
    const res = await fetch(pageUrl, { headers: { "accept-encoding": "identity", accept: "text/html" }, signal: AbortSignal.timeout(15_000) });
    const html = await res.text();
    const finalUrl = new URL(res.url);
    const { scripts, preloads, stylesheets } = scanHtml(html);

    const files = new Map(); // url -> { via }
    const foreign = [];
    const add = (spec, base, via) => {
      const url = new URL(spec, base);
      if (url.origin !== origin) {
        foreign.push(url.href);
        return null;
      }
      url.hash = "";
      if (!files.has(url.href)) files.set(url.href, { via });
      return url.href;
    };

    let inlineBytes = 0;
    let inlineGzip = 0;
    for (const s of scripts) {
      if (s.src !== undefined) add(s.src, finalUrl, s.module ? "module script" : "script");
    }
    for (const href of preloads) add(href, finalUrl, "modulepreload");
    for (const s of scripts) {
      if (s.inline === undefined) continue;
      const buf = Buffer.from(s.inline);
      inlineBytes += buf.length;
      inlineGzip += gzipSize(buf);
      if (s.module) {
        const imp = await importsOf(s.inline);
        for (const spec of [...imp.static, ...imp.dynamic]) add(spec, finalUrl, "inline module import");
      }
    }

    // Follow static imports until closed; what this adds was not announced in the HTML.
    const lazy = new Set();
    const queue = [...files.keys()];
    const seen = new Set();
    while (queue.length) {
      const url = queue.shift();
      if (seen.has(url)) continue;
      seen.add(url);
      const imp = await importsOf((await fetchBytes(url)).toString("utf8"));
      for (const spec of imp.static) {
        const child = add(spec, url, "static import (not preloaded)");
        if (child && !seen.has(child)) queue.push(child);
      }
      for (const spec of imp.dynamic) lazy.add(new URL(spec, url).pathname);
    }

    const list = [];
    for (const [url, { via }] of files) {
      const bytes = await fetchBytes(url);
      list.push({ file: new URL(url).pathname, via, bytes: bytes.length, gzip: gzipSize(bytes) });
    }
    list.sort((a, b) => b.gzip - a.gzip);
    let cssGzip = 0;
    for (const href of stylesheets) {
      const url = new URL(href, finalUrl);
      if (url.origin === origin) cssGzip += gzipSize(await fetchBytes(url.href));
    }
    return {
      path,
      status: res.status,
      finalPath: finalUrl.pathname + finalUrl.search,
      files: list,
      fileCount: list.length,
      jsBytes: list.reduce((s, f) => s + f.bytes, 0),
      jsGzip: list.reduce((s, f) => s + f.gzip, 0),
      notPreloaded: list.filter((f) => f.via.startsWith("static import")).map((f) => f.file),
      lazyImports: [...lazy].filter((p) => !list.some((f) => f.file === p)).sort(),
      foreignScripts: foreign,
      inlineScriptBytes: inlineBytes,
      inlineScriptGzip: inlineGzip,
      cssGzip,
      htmlBytes: Buffer.byteLength(html),
      htmlGzip: gzipSize(Buffer.from(html)),
    };
  }

  return { weigh, lexerName: async () => (await loadLexer()).name };
}
