import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { characterMap, readFontTables, verticalMetrics } from "../../scripts/lib/font-tables.mjs";
import { FALLBACK_METRICS, FONT_FILES, FONT_PRELOAD_URL } from "./dm-sans";

/* The typeface as committed (scripts/make-font.mjs, docs/decisions/0071): small, content-hashed, and able to draw the shop's words. */

const ROOT = join(import.meta.dirname, "../..");
const SOURCE = join(ROOT, "node_modules/@fontsource-variable/dm-sans/files");
const bytesOf = (url: string) => readFileSync(join(ROOT, "public", url));
const mapOf = (bytes: Uint8Array) => characterMap(readFontTables(bytes));

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Every character the content (content/*.json) writes. */
function contentCharacters(): Set<number> {
  const dir = join(ROOT, "content");
  const text = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => strings(JSON.parse(readFileSync(join(dir, f), "utf8"))))
    .join("");
  return new Set([...text].map((ch) => ch.codePointAt(0)!).filter((c) => c >= 0x20));
}

/** What DM Sans itself can draw in one style (the published Latin and Latin Extended files together). */
function designed(style: "normal" | "italic"): Set<number> {
  return new Set(["latin", "latin-ext"].flatMap((s) => [...mapOf(readFileSync(join(SOURCE, `dm-sans-${s}-wght-${style}.woff2`))).keys()]));
}

/** The code points a unicode-range such as "U+20-7E,U+A0" names. */
function inRange(range: string, code: number): boolean {
  return range.split(",").some((part) => {
    const [from, to = from] = part.replace("U+", "").split("-").map((h) => parseInt(h, 16));
    return code >= from! && code <= to!;
  });
}

describe("the typeface's files", () => {
  it("are each named by a hash of their bytes and weigh what the module says, under 40 KB", () => {
    for (const file of FONT_FILES) {
      const bytes = bytesOf(file.url);
      expect(file.url).toMatch(/^\/fonts\/dm-sans-var[\w-]*\.[0-9a-f]{12}\.woff2$/);
      expect(file.url).toContain(`.${createHash("sha256").update(bytes).digest("hex").slice(0, 12)}.woff2`);
      expect(statSync(join(ROOT, "public", file.url)).size).toBe(file.bytes);
      expect(file.bytes).toBeLessThan(40 * 1024);
    }
  });

  it("preloads the upright Latin file, the one every page draws with", () => {
    expect(FONT_FILES.filter((f) => f.preload).map((f) => f.url)).toEqual([FONT_PRELOAD_URL]);
    const upright = mapOf(bytesOf(FONT_PRELOAD_URL));
    for (let code = 0x20; code <= 0x7e; code++) expect(upright.has(code), `U+${code.toString(16)}`).toBe(true);
    for (const ch of "®™—–‘’“”…•·×€£$éüñçøÅ") expect(upright.has(ch.codePointAt(0)!), ch).toBe(true);
  });

  it.each(["normal", "italic"] as const)("draw every character of the content that DM Sans has (%s)", (style) => {
    const files = FONT_FILES.filter((f) => f.style === style).map((f) => ({ range: f.unicodeRange, map: mapOf(bytesOf(f.url)) }));
    const font = designed(style);
    const wanted = [...contentCharacters()].filter((c) => font.has(c));
    expect(wanted.length).toBeGreaterThan(90);
    for (const code of wanted) {
      // Held by a file whose unicode-range sends the browser to it.
      expect(files.some((f) => f.map.has(code) && inRange(f.range, code)), `U+${code.toString(16)} ${String.fromCodePoint(code)}`).toBe(true);
    }
  });

  it("are named, with their unicode-range, in the stylesheet app.css imports", () => {
    const css = readFileSync(join(ROOT, "app/fonts/dm-sans.css"), "utf8");
    for (const file of FONT_FILES) {
      expect(css).toContain(`url("${file.url}")`);
      expect(css).toContain(`unicode-range: ${file.unicodeRange};`);
    }
    expect(readFileSync(join(ROOT, "app/app.css"), "utf8")).toContain('@import "./fonts/dm-sans.css";');
  });

  it("keep the weight axis, and the fallback's line box matches DM Sans's own", () => {
    const tables = readFontTables(bytesOf(FONT_PRELOAD_URL));
    expect(tables.has("fvar")).toBe(true);
    expect(tables.has("gvar")).toBe(true);
    const dm = verticalMetrics(tables);
    for (const face of FALLBACK_METRICS) {
      // Scaled by size-adjust, the fallback's ascent and descent are DM Sans's (within rounding).
      expect(face.ascentOverride * face.sizeAdjust).toBeCloseTo(dm.ascent / dm.unitsPerEm, 3);
      expect(face.descentOverride * face.sizeAdjust).toBeCloseTo(-dm.descent / dm.unitsPerEm, 3);
    }
  });
});
