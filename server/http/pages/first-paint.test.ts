import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "./deferred-scripts";
import { rewriteShell, withFastFirstPaint } from "./first-paint";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtStylesheets, inlineStylesheets } from "./inline-styles";

const CSS: Record<string, string> = { "/assets/root-abc.css": "body{color:red}", "/assets/blocks-def.css": ".b{margin:0}" };
const read = (href: string) => CSS[href] ?? null;

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N1"/><link rel="modulepreload" href="/assets/root-2.js" nonce="N1"/>' +
  '<link nonce="N1" rel="stylesheet" href="/assets/root-abc.css"/><link nonce="N1" rel="stylesheet" href="/assets/blocks-def.css"/>' +
  '<link nonce="N1" rel="stylesheet" href="/assets/missing.css"/></head>';
const MODULES =
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-2.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");</script>';
const BODY = `<body><main>Hello ü</main><script nonce="N1">window.__reactRouterContext = {};</script>${MODULES}`;
const TAIL = '<script nonce="N1">late()</script></body></html>';

describe("the first paint rewrite", () => {
  it("inlines each built stylesheet before its link and disables the link; unknown files stay links", () => {
    const head = inlineStylesheets(HEAD, read);
    expect(head).toContain('<style data-href="/assets/root-abc.css" nonce="N1">body{color:red}</style><link nonce="N1" rel="stylesheet" href="/assets/root-abc.css" disabled=""/>');
    expect(head).toContain('<style data-href="/assets/blocks-def.css" nonce="N1">.b{margin:0}</style>');
    expect(head).toContain('<link nonce="N1" rel="stylesheet" href="/assets/missing.css"/>');
    // Idempotent: a disabled link is not inlined twice.
    expect(inlineStylesheets(head, read)).toBe(head);
  });

  it("reads built stylesheets, also one React Router lists with an empty fragment (a route's CSS shared with a lazy module)", () => {
    const dir = mkdtempSync(join(tmpdir(), "inline-styles-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets", "cart-x1.css"), ".cart{color:green}");
    const readBuilt = builtStylesheets(dir);
    expect(readBuilt("/assets/cart-x1.css")).toBe(".cart{color:green}");
    expect(readBuilt("/assets/cart-x1.css#")).toBe(".cart{color:green}");
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/cart-x1.css#"/>', readBuilt)).toBe('<style data-href="/assets/cart-x1.css#">.cart{color:green}</style><link rel="stylesheet" href="/assets/cart-x1.css#" disabled=""/>');
    expect(readBuilt("/assets/cart-x1.css#top")).toBeNull();
    expect(readBuilt("/assets/../secret.css#")).toBeNull();
  });

  it("never inlines CSS that could close the <style> element", () => {
    expect(inlineStylesheets('<link rel="stylesheet" href="/assets/x.css"/>', () => "a{}</style><script>x</script>")).toBe('<link rel="stylesheet" href="/assets/x.css"/>');
  });

  it("moves the module preloads into an inert copy of the route-modules script, followed by the loader", () => {
    const html = rewriteShell(HEAD + BODY, read);
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script nonce="N1" type="${DEFERRED_MODULE_TYPE}" data-modulepreload="/assets/entry.client-1.js /assets/root-2.js">import * as route0`);
    // The loader carries the page's nonce and reads its sibling; the context script is untouched.
    expect(html).toMatch(/<\/script><script nonce="N1">\(function\(t\)\{[\s\S]*\}\)\(document\.currentScript\.previousElementSibling\)<\/script>$/);
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
  });

  it("leaves a page without the route-modules script (and its preloads) alone, apart from the styles", () => {
    const html = rewriteShell(`${HEAD}<body><p>x</p></body></html>`, read);
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain("<style data-href=");
  });

  it("rewrites a streamed page cut anywhere, multi-byte characters included, and streams the rest as it came", async () => {
    const bytes = new TextEncoder().encode(HEAD + BODY + TAIL);
    for (const size of [1, 7, 64, bytes.length]) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
          controller.close();
        },
      });
      const response = withFastFirstPaint(new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Length": "1" } }), read);
      expect(response.headers.get("Content-Length")).toBeNull();
      const text = await response.text();
      expect(text).toBe(rewriteShell(HEAD + BODY, read) + TAIL);
      expect(text).toContain("Hello ü");
    }
  });

  it("passes other answers through untouched", async () => {
    const json = new Response('{"a":1}', { headers: { "Content-Type": "application/json" } });
    expect(withFastFirstPaint(json, read)).toBe(json);
  });
});
