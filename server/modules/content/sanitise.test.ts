import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { cleanBlocks, cleanStoredBlocks, sanitiseRichText } from "./sanitise";
import { OWASP_XSS_PAYLOADS } from "./xss-payloads.testdata";

/** Parses the cleaned HTML as a browser would and looks for anything that could run script. */
function activeParts(html: string): string[] {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  const found: string[] = [];
  for (const el of Array.from(dom.window.document.body.querySelectorAll("*"))) {
    const tag = el.tagName.toLowerCase();
    if (["script", "iframe", "object", "embed", "style", "link", "meta", "base", "form", "svg", "math", "img", "video", "audio", "frame", "frameset", "input", "body", "xml", "layer", "bgsound", "table", "div"].includes(tag)) found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.startsWith("on") || attr.name === "style" || attr.name === "src" || attr.name === "background" || attr.name === "dynsrc" || attr.name === "lowsrc") found.push(`${tag}[${attr.name}]`);
      if (attr.name === "href" && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(attr.value.trim())) found.push(`${tag}[href=${attr.value}]`);
    }
  }
  return found;
}

describe("rich text sanitiser", () => {
  it(`keeps every one of the ${OWASP_XSS_PAYLOADS.length} OWASP XSS filter evasion payloads inert`, () => {
    expect(OWASP_XSS_PAYLOADS.length).toBeGreaterThan(90);
    for (const payload of OWASP_XSS_PAYLOADS) {
      const clean = sanitiseRichText(payload);
      expect(activeParts(clean), payload).toEqual([]);
      // Text is escaped, so any "<" left opens a real tag: none may carry a script scheme or handler.
      expect(clean.toLowerCase(), payload).not.toMatch(/<script|<[^>]*(javascript:|vbscript:|livescript:|data:|\son\w+=)/);
      // Cleaning is stable: a second pass (the way out) changes nothing.
      expect(sanitiseRichText(clean), payload).toBe(clean);
    }
  });

  it("keeps prose: paragraphs, emphasis, lists, and links to our pages, https and mailto", () => {
    const html = '<p>Read <a href="/cultured/probiotics-101">this</a>, <strong>then</strong> <em>that</em>.</p><ul><li>one</li></ul><p><a href="mailto:care@seed.example">care</a></p>';
    expect(sanitiseRichText(html)).toBe(html);
    expect(sanitiseRichText('<a href="https://example.org/x">x</a>')).toBe('<a href="https://example.org/x" rel="noopener noreferrer">x</a>');
  });

  it("drops the words inside script and style instead of showing them", () => {
    expect(sanitiseRichText("<p>ok</p><script>alert(1)</script><style>p{}</style>")).toBe("<p>ok</p>");
  });

  it("cleanBlocks cleans every rich-text field, nested ones too", () => {
    const evil = '<p onclick="x()">hi<img src=x onerror=alert(1)></p>';
    const [section] = cleanBlocks([
      { type: "section", paragraph: evil, blocks: [{ type: "accordion", title: "q", paragraph: evil }, { type: "slider", slide: [{ title: "s", paragraph: evil }] }, { type: "poster", desktopPlaybackId: "v", legend: evil }] },
    ]);
    expect(JSON.stringify(section)).not.toMatch(/onclick|onerror|<img/);
    expect(section).toMatchObject({ paragraph: "<p>hi</p>" });
  });

  it("on the way out, a stored block that no longer parses is skipped and the rest still render cleaned", () => {
    const stored = [{ type: "heading", title: "ok" }, { type: "marquee" }, { type: "paragraph", paragraph: "<p>a</p><script>b</script>" }];
    expect(cleanStoredBlocks(stored)).toEqual([
      { type: "heading", title: "ok", class: "", containerClass: "" },
      { type: "paragraph", paragraph: "<p>a</p>", inline: false, class: "", containerClass: "" },
    ]);
    expect(cleanStoredBlocks("not a list")).toEqual([]);
  });
});
