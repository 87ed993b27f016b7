#!/usr/bin/env node
/*
 * The shop's typeface (issue 35, docs/decisions/0071-typeface-and-first-screen.md): DM Sans, a variable font from
 * @fontsource-variable/dm-sans, cut down to the characters the shop writes and served from our own origin.
 *
 *   node scripts/make-font.mjs
 *
 * Writes, and the repository commits:
 *   public/fonts/dm-sans-var[-italic][-ext].<hash>.woff2  the subsets, named by a hash of their bytes (served immutable)
 *   app/fonts/dm-sans.css                                  their @font-face rules and the metric-matched fallback faces
 *   app/fonts/dm-sans.ts                                   their URLs and what each holds, for the document head and tests
 *
 * Run it again when the shop starts writing characters it did not before (a new currency sign, a new language).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, copyFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { advanceWidths, characterMap, readFontTables, verticalMetrics } from "./lib/font-tables.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = join(ROOT, "node_modules/@fontsource-variable/dm-sans");
const OUT_DIR = join(ROOT, "public/fonts");
const MODULE = join(ROOT, "app/fonts/dm-sans.ts");
const STYLESHEET = join(ROOT, "app/fonts/dm-sans.css");
const URL_DIR = "/fonts";

/* ---------- The characters the shop writes ---------- */

/** Typography the copy uses or an operator may type: marks, quotes, dashes, currency, spaces Intl puts in prices. */
const TYPOGRAPHY = "®™©—–‐‑‘’‚“”„‹›«»…•·×÷€£$¢¥°§¶†‡′″−±½¼¾¹²³ªº¿¡\u00a0\u202f\u2009\u2007\u200b\u00ad\ufeff";

function characters(from, to) {
  let out = "";
  for (let c = from; c <= to; c++) out += String.fromCodePoint(c);
  return out;
}

function filesUnder(dir, extensions) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && extensions.includes(extname(d.name)))
    .map((d) => join(d.parentPath ?? d.path, d.name));
}

/** Every string in a JSON value (content/*.json: page copy, product names, labels). */
function jsonStrings(value) {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => [k, ...jsonStrings(v)]);
  return [];
}

/** The shop's content: CMS pages and articles, the catalogue, with HTML tags and entities as a reader sees them. */
export function contentText() {
  const dir = join(ROOT, "content");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => jsonStrings(JSON.parse(readFileSync(join(dir, f), "utf8"))))
    .join("\n");
}

/** Country names as the shop shows them (Intl.DisplayNames, as the country picker and checkout do). */
function countryNames() {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const letters = characters(65, 90);
  let out = "";
  for (const a of letters) for (const b of letters) out += names.of(a + b) ?? "";
  return out;
}

/** Prices as every locale the shop formats for writes them (their spaces and signs). */
function priceSamples() {
  const locales = ["en-US", "en-GB", "es-MX", "en-SG", "en-AU", "en-CA", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "en-IE"];
  const currencies = ["USD", "GBP", "EUR", "CAD", "AUD", "SGD", "MXN"];
  return locales.flatMap((l) => currencies.map((c) => new Intl.NumberFormat(l, { style: "currency", currency: c }).format(-1234.5))).join(" ");
}

/**
 * Generous on purpose: a glyph left out is drawn in another face. Printable ASCII, all of Latin-1 (names, accents),
 * the typography above, and every character in the content and in the source of app/, domain/ and server/ (the
 * strings pages show, messages included).
 */
export function shopCharacters() {
  const sources = ["app", "domain", "server"].flatMap((d) => filesUnder(join(ROOT, d), [".ts", ".tsx", ".css"]));
  const text = [characters(0x20, 0x7e), characters(0xa0, 0xff), TYPOGRAPHY, contentText(), countryNames(), priceSamples(), ...sources.map((f) => readFileSync(f, "utf8"))].join("");
  const codes = new Set([...text].map((ch) => ch.codePointAt(0)).filter((c) => c >= 0x20));
  return codes;
}

/** Latin Extended-A and B: names in reviews and addresses (Łukasz, Dvořák), in a file fetched only when a page needs it. */
const LATIN_EXT = new Set([...characters(0x100, 0x24f)].map((ch) => ch.codePointAt(0)));

/* ---------- The files ---------- */

const FILES = [
  { key: "latin", style: "normal", source: "dm-sans-latin-wght-normal.woff2", name: "dm-sans-var", preload: true },
  { key: "latin-italic", style: "italic", source: "dm-sans-latin-wght-italic.woff2", name: "dm-sans-var-italic", preload: false },
  { key: "ext", style: "normal", source: "dm-sans-latin-ext-wght-normal.woff2", name: "dm-sans-var-ext", preload: false },
  { key: "ext-italic", style: "italic", source: "dm-sans-latin-ext-wght-italic.woff2", name: "dm-sans-var-ext-italic", preload: false },
];

/** "U+20-7E,U+A0-FF": the code points a file holds, so the browser fetches it only for text that needs it. */
export function unicodeRange(codes) {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    const hex = (n) => n.toString(16).toUpperCase();
    parts.push(start === sorted[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(sorted[i])}`);
  }
  return parts.join(",");
}

/**
 * The weights the shop sets: 400 (text), 500 (links, labels), 600 (headings), 700 (totals, <strong>). The variable
 * axis is cut to this span, which makes the files a third smaller than the full 100 to 1000.
 */
export const WEIGHTS = { min: 400, max: 700 };

/** Subsets one file, keeping the weight axis (over WEIGHTS) and the OFL's copyright and licence names. */
async function subset(file, codes) {
  const source = readFileSync(join(SOURCE, "files", file.source));
  const available = characterMap(readFontTables(source));
  const wanted = [...codes].filter((c) => available.has(c));
  const options = { targetFormat: "woff2", preserveNameIds: [0, 13, 14], variationAxes: { wght: WEIGHTS } };
  const bytes = await subsetFont(source, String.fromCodePoint(...wanted), options);
  const held = [...characterMap(readFontTables(bytes)).keys()].filter((c) => codes.has(c));
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  return { ...file, bytes, codes: held, url: `${URL_DIR}/${file.name}.${hash}.woff2` };
}

/* ---------- The fallback that takes the same room ---------- */

/**
 * Arial's advance widths for printable ASCII (U+20 to U+7E), units of 2048 to the em, regular and bold. Read from
 * Liberation Sans, which is made to Arial's metrics glyph for glyph; kept here so the script gives the same numbers
 * on any machine. Arial's vertical metrics (hhea): ascent 1854, descent -434, line gap 67.
 */
const ARIAL = {
  unitsPerEm: 2048,
  regular: [569,569,727,1139,1139,1821,1366,391,682,682,797,1196,569,682,569,569,1139,1139,1139,1139,1139,1139,1139,1139,1139,1139,569,569,1196,1196,1196,1139,2079,1366,1366,1479,1479,1366,1251,1593,1479,569,1024,1366,1139,1706,1479,1593,1366,1593,1479,1366,1251,1479,1366,1933,1366,1366,1251,569,569,569,961,1139,682,1139,1139,1024,1139,1139,569,1139,1139,455,455,1024,455,1706,1139,1139,1139,1139,682,1024,569,1139,1024,1479,1024,1024,1024,684,532,684,1196],
  bold: [569,682,971,1139,1139,1821,1479,487,682,682,797,1196,569,682,569,569,1139,1139,1139,1139,1139,1139,1139,1139,1139,1139,682,682,1196,1196,1196,1251,1997,1479,1479,1479,1479,1366,1251,1593,1479,569,1139,1479,1251,1706,1479,1593,1366,1593,1479,1366,1251,1479,1366,1933,1366,1366,1251,682,569,682,1196,1139,682,1139,1251,1139,1251,1139,682,1251,1251,569,569,1139,569,1821,1251,1251,1251,1251,797,1139,682,1251,1139,1593,1139,1139,1024,797,573,797,1196],
};

const LOCAL_REGULAR = ['local("Arial")', 'local("ArialMT")', 'local("Helvetica")', 'local("Liberation Sans")', 'local("LiberationSans")'];
const LOCAL_BOLD = ['local("Arial Bold")', 'local("Arial-BoldMT")', 'local("Helvetica Bold")', 'local("Helvetica-Bold")', 'local("Liberation Sans Bold")', 'local("LiberationSans-Bold")'];

/**
 * One fallback face per weight the shop sets, each scaled to DM Sans at that weight over the words set at it: body
 * copy (400) and labels (500) on Arial, headings and figures (600, 700) on Arial Bold, as the browser would pick.
 */
const FALLBACK_FACES = [
  { weight: 400, range: "100 449", bold: false, sample: bodySample },
  { weight: 500, range: "450 549", bold: false, sample: labelSample },
  { weight: 600, range: "550 1000", bold: true, sample: headingSample },
];

/** Body copy (set at 400): the content's paragraphs, as a reader sees them. */
function bodySample() {
  return contentText().replace(/<[^>]*>/g, " ");
}

/**
 * Labels (set at 500): the header's actions, on every page's first screen (the lines of HeaderActions.tsx that are
 * words alone: "Login", "Refer", "Buy Now"). They are right-aligned, so each moves by the difference in width of all
 * of them: matching these words keeps that under the 3 px a browser counts as a shift. Menu names and links, whose
 * words are longer, come out a little wider in the fallback; nothing sits after the last menu name to move.
 */
function labelSample() {
  return [...readFileSync(join(ROOT, "app/components/layout/HeaderActions.tsx"), "utf8").matchAll(/^\s+([A-Z][A-Za-z ]{1,30})(?: <Badge>.*)?$/gm)].map((m) => m[1]).join("");
}

/** Headings (set at 600): the content's titles and the catalogue's product names. */
function headingSample() {
  const titles = [];
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      for (const [key, v] of Object.entries(value)) {
        if ((key === "title" || key === "name") && typeof v === "string") titles.push(v);
        else visit(v);
      }
    }
  };
  for (const file of ["pages.json", "catalog.json"]) visit(JSON.parse(readFileSync(join(ROOT, "content", file), "utf8")));
  return titles.join(" ");
}

/** How often each printable ASCII character occurs in a sample: the widths that matter most weigh most. */
function letterWeights(sample) {
  const weights = new Map();
  for (const ch of sample.replace(/\s+/g, " ")) {
    const code = ch.codePointAt(0);
    if (code >= 0x20 && code <= 0x7e) weights.set(code, (weights.get(code) ?? 0) + 1);
  }
  return weights;
}

/** Average advance, in ems, over a sample of the shop's text. */
function averageWidth(widthOf, unitsPerEm, weights) {
  let sum = 0;
  let total = 0;
  for (const [code, weight] of weights) {
    sum += (widthOf(code) / unitsPerEm) * weight;
    total += weight;
  }
  return sum / total;
}

const percent = (n) => `${(n * 100).toFixed(2)}%`;

/**
 * The fallback face for one weight: Arial (or Helvetica, or Liberation Sans) scaled so a line of the shop's copy is
 * as long as in DM Sans at `weight`, and with DM Sans's ascent, descent and line gap, so lines are as tall. A page
 * drawn in it before DM Sans arrives keeps its layout when DM Sans swaps in.
 */
async function fallbackFace({ weight, range, bold }, weights) {
  const arialWidths = bold ? ARIAL.bold : ARIAL.regular;
  const source = readFileSync(join(SOURCE, "files", FILES[0].source));
  // An instance at this weight, in sfnt form: its hmtx holds this weight's advances.
  const instance = readFontTables(await subsetFont(source, characters(0x20, 0x7e), { targetFormat: "sfnt", variationAxes: { wght: weight } }));
  const dm = verticalMetrics(instance);
  const dmWidths = advanceWidths(instance);
  const dmAverage = averageWidth((c) => dmWidths.get(c) ?? 0, dm.unitsPerEm, weights);
  const arialAverage = averageWidth((c) => arialWidths[c - 0x20], ARIAL.unitsPerEm, weights);
  const sizeAdjust = dmAverage / arialAverage;
  return {
    weight,
    range,
    on: bold ? "Arial Bold" : "Arial",
    locals: bold ? LOCAL_BOLD : LOCAL_REGULAR,
    sizeAdjust,
    ascentOverride: dm.ascent / dm.unitsPerEm / sizeAdjust,
    descentOverride: Math.abs(dm.descent) / dm.unitsPerEm / sizeAdjust,
    lineGapOverride: dm.lineGap / dm.unitsPerEm / sizeAdjust,
    dm: { ...dm, averageWidth: dmAverage },
    arialAverageWidth: arialAverage,
  };
}

/* ---------- Output ---------- */

function stylesheet(files, fallbacks) {
  const faces = files.map(
    (f) => `@font-face {
  font-family: "DM Sans";
  font-style: ${f.style};
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  font-display: swap;
  src: url("${f.url}") format("woff2");
  unicode-range: ${unicodeRange(f.codes)};
}`,
  );
  const fallback = (face) => `/* DM Sans at ${face.weight} on ${face.on}: average width ${face.dm.averageWidth.toFixed(4)} em against ${face.arialAverageWidth.toFixed(4)} em. */
@font-face {
  font-family: "DM Sans Fallback";
  font-weight: ${face.range};
  src: ${face.locals.join(", ")};
  size-adjust: ${percent(face.sizeAdjust)};
  ascent-override: ${percent(face.ascentOverride)};
  descent-override: ${percent(face.descentOverride)};
  line-gap-override: ${percent(face.lineGapOverride)};
}`;
  return `/* Written by scripts/make-font.mjs from @fontsource-variable/dm-sans; do not edit (docs/decisions/0071). */
${faces.join("\n")}
${fallbacks.map(fallback).join("\n")}
`;
}

function moduleText(files, fallbacks) {
  const entries = files.map((f) => ({ key: f.key, url: f.url, style: f.style, preload: f.preload, bytes: f.bytes.length, unicodeRange: unicodeRange(f.codes) }));
  const metrics = fallbacks.map((f) => ({
    weight: f.weight,
    sizeAdjust: +f.sizeAdjust.toFixed(4),
    ascentOverride: +f.ascentOverride.toFixed(4),
    descentOverride: +f.descentOverride.toFixed(4),
    lineGapOverride: +f.lineGapOverride.toFixed(4),
  }));
  return `// Written by scripts/make-font.mjs; do not edit (docs/decisions/0071-typeface-and-first-screen.md).

export interface FontFile {
  key: "latin" | "latin-italic" | "ext" | "ext-italic";
  /** Under /fonts, named by a hash of the file's bytes: served immutable. */
  url: string;
  style: "normal" | "italic";
  /** Preloaded in every page's head: the one file every page draws with. */
  preload: boolean;
  bytes: number;
  unicodeRange: string;
}

export const FONT_FILES: readonly FontFile[] = ${JSON.stringify(entries, null, 2)};

/** The upright Latin file, preloaded by every page (app/root.tsx). */
export const FONT_PRELOAD_URL = ${JSON.stringify(files.find((f) => f.preload).url)};

/** The metric-matched fallback faces' numbers, as app/fonts/dm-sans.css sets them, by the DM Sans weight each matches. */
export const FALLBACK_METRICS = ${JSON.stringify(metrics, null, 2)} as const;
`;
}

async function main() {
  const codes = shopCharacters();
  const latin = await subset(FILES[0], codes);
  const italic = await subset(FILES[1], codes);
  // The extension files hold only what the Latin ones do not, so no character is in two files.
  const extCodes = new Set([...codes, ...LATIN_EXT].filter((c) => !latin.codes.includes(c)));
  const ext = await subset(FILES[2], extCodes);
  const extItalic = await subset(FILES[3], extCodes);
  const files = [latin, italic, ext, extItalic];

  const fallbacks = [];
  for (const face of FALLBACK_FACES) fallbacks.push(await fallbackFace(face, letterWeights(face.sample())));

  mkdirSync(OUT_DIR, { recursive: true });
  for (const old of readdirSync(OUT_DIR).filter((f) => /^dm-sans-var.*\.woff2$/.test(f))) rmSync(join(OUT_DIR, old));
  for (const f of files) writeFileSync(join(ROOT, "public", f.url), f.bytes);
  copyFileSync(join(SOURCE, "LICENSE"), join(OUT_DIR, "DM-Sans-OFL.txt"));
  mkdirSync(dirname(MODULE), { recursive: true });
  writeFileSync(STYLESHEET, stylesheet(files, fallbacks));
  writeFileSync(MODULE, moduleText(files, fallbacks));

  for (const f of files) console.log(`${f.url}  ${f.bytes.length} bytes, ${f.codes.length} characters`);
  for (const f of fallbacks) {
    console.log(`fallback at ${f.weight}: size-adjust ${percent(f.sizeAdjust)}, ascent ${percent(f.ascentOverride)}, descent ${percent(f.descentOverride)}, line gap ${percent(f.lineGapOverride)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
