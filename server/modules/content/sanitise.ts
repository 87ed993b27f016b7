import sanitizeHtml from "sanitize-html";
import { BlockList, mapRichText, type Block } from "../../../domain/blocks";

/**
 * Rich text of CMS blocks is HTML from the content files and, later, the operator console. It is cleaned with
 * sanitize-html on the way in (seed, edits) and again on the way out (page reads), so a row written around the
 * module (a migration, a hand-run UPDATE) still cannot put script on a page. Only prose tags survive; links keep
 * http(s), mailto and relative targets; no attributes beyond href/title on links. See docs/decisions/0012.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "sup", "sub", "h3", "h4", "blockquote", "cite", "abbr", "span"],
  allowedAttributes: { a: ["href", "title"], abbr: ["title"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside dropped script/style/etc. is dropped with it, never shown as words.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "xmp", "iframe", "noembed", "noframes", "template"],
  transformTags: {
    // Links to other sites open as ordinary links but tell the target nothing about us.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      // Browsers drop tabs and newlines inside a URL ("h\ntt\tp:"), so a link that has them means something else
      // than it reads; no honest link needs them.
      if (/[\u0000-\u0020\u007f]/.test(href)) {
        const { href: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      const external = /^https?:\/\//i.test(href);
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer" } : attribs };
    },
  },
};
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ["href", "title", "rel"] };

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Parses a block list (defaults applied) and cleans every rich-text field. Throws a ZodError on a bad block. */
export function cleanBlocks(input: unknown): Block[] {
  return BlockList.parse(input).map((block) => mapRichText(block, sanitiseRichText));
}

/** For reads: blocks that no longer parse (an older shape) are skipped rather than breaking the page. */
export function cleanStoredBlocks(input: unknown): Block[] {
  if (!Array.isArray(input)) return [];
  const blocks: Block[] = [];
  for (const item of input) {
    const parsed = BlockList.safeParse([item]);
    if (parsed.success) blocks.push(mapRichText(parsed.data[0]!, sanitiseRichText));
  }
  return blocks;
}
