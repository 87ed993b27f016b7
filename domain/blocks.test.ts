import { describe, expect, it } from "vitest";
import { Block, BlockList, blockText, buttonHref, cssAspectRatio, headingNumbers, readingMinutes, type BlockInput } from "./blocks";

const parse = (input: BlockInput) => Block.parse(input);
const image = { url: "https://images.seed.com/a.jpg", width: 800, height: 600 };

describe("CMS blocks: fields and defaults (SPEC.md section 3)", () => {
  it("every block gets class and containerClass defaults of empty", () => {
    const b = parse({ type: "heading", title: "Hi" });
    expect(b).toEqual({ type: "heading", title: "Hi", class: "", containerClass: "" });
  });

  it("section: title, paragraph, background and nested blocks (default none)", () => {
    expect(parse({ type: "section" })).toEqual({ type: "section", class: "", containerClass: "", blocks: [] });
    const s = parse({ type: "section", id: "scientists", title: "T", paragraph: "<p>x</p>", background: "#fff", backgroundSmall: "var(--color-mint)", blocks: [{ type: "heading", title: "In" }] });
    expect(s.type === "section" && s.blocks[0]).toEqual({ type: "heading", title: "In", class: "", containerClass: "" });
    expect(() => parse({ type: "section", background: "url(javascript:alert(1))" } as BlockInput)).toThrow();
  });

  it("accordion needs a title and a paragraph", () => {
    expect(parse({ type: "accordion", title: "Q", paragraph: "<p>A</p>" })).toMatchObject({ title: "Q", paragraph: "<p>A</p>" });
    expect(() => parse({ type: "accordion", paragraph: "x" } as BlockInput)).toThrow();
  });

  it("button: label defaults to Submit, link to /, params to none; modal, icon and altIcon are kept", () => {
    expect(parse({ type: "button" })).toEqual({ type: "button", label: "Submit", link: "/", params: {}, class: "", containerClass: "" });
    expect(parse({ type: "button", modal: "cookie-preferences", icon: "arrow", altIcon: "arrow-white" })).toMatchObject({ modal: "cookie-preferences", icon: "arrow", altIcon: "arrow-white" });
  });

  it("button links are paths, anchors, https or mailto; never javascript: or protocol-relative", () => {
    for (const link of ["/cart?cart=syn-wk", "#pipeline", "https://example.com", "mailto:care@seed.example"]) expect(parse({ type: "button", link })).toMatchObject({ link });
    for (const link of ["javascript:alert(1)", "//evil.example", "data:text/html,x", "http://plain.example", " JaVaScRiPt:alert(1)", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/.//evil.example", "https://evil.example/\\x", "#a\tb"]) {
      expect(() => parse({ type: "button", link }), link).toThrow();
    }
  });

  it("button params join the link before its fragment", () => {
    expect(buttonHref({ link: "/cart", params: { cart: "syn-wk" } })).toBe("/cart?cart=syn-wk");
    expect(buttonHref({ link: "/x?a=1#f", params: { b: "2 3" } })).toBe("/x?a=1&b=2+3#f");
    expect(buttonHref({ link: "/x", params: {} })).toBe("/x");
  });

  it("heading with-number: two-digit numbers in reading order, through sections", () => {
    const blocks = BlockList.parse([
      { type: "heading", title: "a", class: "with-number" },
      { type: "heading", title: "plain" },
      { type: "section", blocks: [{ type: "heading", title: "b", class: "big with-number" }] },
      ...Array.from({ length: 9 }, (_, i) => ({ type: "heading" as const, title: `n${i}`, class: "with-number" })),
    ]);
    const numbers = headingNumbers(blocks);
    expect(numbers.get(blocks[0]!)).toBe("01");
    expect(numbers.get(blocks[1]!)).toBeUndefined();
    expect(blocks[2]!.type === "section" && numbers.get(blocks[2]!.blocks[0]!)).toBe("02");
    expect(numbers.get(blocks.at(-1)!)).toBe("11");
  });

  it("paragraph: inline defaults to false; small-text keeps its paragraph", () => {
    expect(parse({ type: "paragraph", paragraph: "<p>x</p>" })).toMatchObject({ inline: false });
    expect(parse({ type: "small-text", paragraph: "<p>fine print</p>" })).toMatchObject({ paragraph: "<p>fine print</p>" });
  });

  it("poster: aspect ratios default to 1:1 on mobile and 16:9 on desktop; image list of url, secure_url, width, height", () => {
    const p = parse({ type: "poster", image: [{ ...image, secure_url: "https://images.seed.com/a.jpg" }], altText: "A jar" });
    expect(p).toMatchObject({ mobileAspectRatio: "1:1", desktopAspectRatio: "16:9", cover: false, image: [{ url: image.url, secure_url: image.url, width: 800, height: 600 }] });
    expect(cssAspectRatio("16:9")).toBe("16 / 9");
  });

  it("poster: video by playback ids, legend, and it must show something; images need alt text unless decorative", () => {
    expect(parse({ type: "poster", desktopPlaybackId: "abc", mobilePlaybackId: "def", videoId: "v", mobileVideoId: "mv", legend: "<p>l</p>" })).toMatchObject({ desktopPlaybackId: "abc", mobilePlaybackId: "def", legend: "<p>l</p>" });
    expect(() => parse({ type: "poster" })).toThrow(/image or a video/);
    expect(() => parse({ type: "poster", image: [image] })).toThrow(/altText/);
    expect(parse({ type: "poster", image: [image], class: "decorative" })).toMatchObject({ altText: "" });
    expect(() => parse({ type: "poster", image: [image], altText: "x", mobileAspectRatio: "wide" })).toThrow();
  });

  it("slider: one to twelve slides, each with a title, optional text, link, image and backgrounds", () => {
    const s = parse({ type: "slider", slide: [{ title: "One", link: "/reviews", label: "Read", image: [image], altText: "x", background: "#dde8d6" }] });
    expect(s.type === "slider" && s.slide[0]).toMatchObject({ title: "One", link: "/reviews", background: "#dde8d6" });
    expect(() => parse({ type: "slider", slide: [] })).toThrow();
  });

  it("table: rows of cells, at least the header row; class with-bullets is kept", () => {
    expect(parse({ type: "table", content: [["Strain", "AFU"], ["L. crispatus", "4.0 billion"]], class: "with-bullets" })).toMatchObject({ class: "with-bullets" });
    expect(() => parse({ type: "table", content: [] })).toThrow();
  });

  it("unknown types and unsafe class names are refused", () => {
    expect(() => parse({ type: "script" } as unknown as BlockInput)).toThrow();
    expect(() => parse({ type: "heading", title: "x", class: '"><script>' })).toThrow();
  });

  it("reading time: 230 words a minute, rounded up, at least one", () => {
    const words = (n: number) => BlockList.parse([{ type: "paragraph", paragraph: `<p>${"word ".repeat(n)}</p>` }]);
    expect(readingMinutes(words(0))).toBe(1);
    expect(readingMinutes(words(10))).toBe(1);
    expect(readingMinutes(words(230))).toBe(1);
    expect(readingMinutes(words(231))).toBe(2);
    expect(readingMinutes(words(292))).toBe(2);
    expect(readingMinutes(words(1150))).toBe(5);
    expect(readingMinutes(words(1151))).toBe(6);
  });

  it("reading time counts the words a reader sees: headings, tables, legends; not tags or entities", () => {
    const blocks = BlockList.parse([
      { type: "heading", title: "one two" },
      { type: "paragraph", paragraph: "<p>three&nbsp;four <strong>five</strong> &amp;</p>" },
      { type: "table", content: [["six", "seven"]] },
      { type: "poster", image: [{ url: "/x.webp", width: 10, height: 10 }], altText: "x", legend: "<p>eight nine</p>" },
    ]);
    expect(blockText(blocks).split(" ")).toEqual(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]);
  });
});
