import { brotliDecompressSync } from "node:zlib";

/*
 * Just enough of the OpenType and WOFF2 formats to read a font's character map and metrics, without a font library:
 * scripts/make-font.mjs reads the metrics that match its fallback face, and the typeface's unit test reads the
 * character map of the committed file (docs/decisions/0071-typeface-and-first-screen.md).
 */

/** WOFF2's known table tags, by the index a table directory entry gives (WOFF2 spec, section 5.1). */
const WOFF2_TAGS = [
  "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT",
  "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH",
  "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar",
  "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
];

const tagAt = (bytes, at) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
const viewOf = (bytes) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The tables of an OpenType font (sfnt) or a WOFF2 file, by tag. WOFF2's transformed tables (glyf, loca) are left out. */
export function readFontTables(input) {
  const bytes = new Uint8Array(input);
  return tagAt(bytes, 0) === "wOF2" ? woff2Tables(bytes) : sfntTables(bytes);
}

function sfntTables(bytes) {
  const view = viewOf(bytes);
  const tables = new Map();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const offset = view.getUint32(record + 8);
    tables.set(tagAt(bytes, record), bytes.subarray(offset, offset + view.getUint32(record + 12)));
  }
  return tables;
}

/** UIntBase128: seven bits a byte, high bit set on every byte but the last. */
function base128(bytes, cursor) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[cursor.at++];
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error("WOFF2: UIntBase128 longer than five bytes");
}

function woff2Tables(bytes) {
  const view = viewOf(bytes);
  const count = view.getUint16(12);
  const compressedLength = view.getUint32(20);
  const cursor = { at: 48 };
  const entries = [];
  for (let i = 0; i < count; i++) {
    const flags = bytes[cursor.at++];
    const tag = (flags & 0x3f) === 63 ? tagAt(bytes, (cursor.at += 4) - 4) : WOFF2_TAGS[flags & 0x3f];
    const version = flags >> 6;
    const origLength = base128(bytes, cursor);
    // glyf and loca are transformed unless their version is 3; any other table is transformed unless its version is 0.
    const transformed = tag === "glyf" || tag === "loca" ? version !== 3 : version !== 0;
    const length = transformed ? base128(bytes, cursor) : origLength;
    entries.push({ tag, length, transformed });
  }
  const stream = brotliDecompressSync(bytes.subarray(cursor.at, cursor.at + compressedLength));
  const tables = new Map();
  let offset = 0;
  for (const { tag, length, transformed } of entries) {
    if (!transformed) tables.set(tag, new Uint8Array(stream.buffer, stream.byteOffset + offset, length));
    offset += length;
  }
  return tables;
}

function need(tables, tag) {
  const table = tables.get(tag);
  if (!table) throw new Error(`font has no readable ${tag} table`);
  return viewOf(table);
}

/** Every code point the font maps to a glyph, with its glyph id (cmap formats 4 and 12, Unicode subtables). */
export function characterMap(tables) {
  const cmap = need(tables, "cmap");
  const subtables = [];
  for (let i = 0; i < cmap.getUint16(2); i++) {
    const record = 4 + i * 8;
    const platform = cmap.getUint16(record);
    const encoding = cmap.getUint16(record + 2);
    const offset = cmap.getUint32(record + 4);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) subtables.push(offset);
  }
  const byFormat = (f) => subtables.find((offset) => cmap.getUint16(offset) === f);
  const format12 = byFormat(12);
  if (format12 !== undefined) return format12Map(cmap, format12);
  const format4 = byFormat(4);
  if (format4 !== undefined) return format4Map(cmap, format4);
  throw new Error("font has no Unicode cmap of format 4 or 12");
}

function format12Map(cmap, at) {
  const map = new Map();
  const groups = cmap.getUint32(at + 12);
  for (let i = 0; i < groups; i++) {
    const group = at + 16 + i * 12;
    const [start, end, glyph] = [cmap.getUint32(group), cmap.getUint32(group + 4), cmap.getUint32(group + 8)];
    for (let code = start; code <= end; code++) map.set(code, glyph + code - start);
  }
  return map;
}

function format4Map(cmap, at) {
  const map = new Map();
  const segments = cmap.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const [start, end] = [cmap.getUint16(starts + s * 2), cmap.getUint16(ends + s * 2)];
    const delta = cmap.getUint16(deltas + s * 2);
    const rangeOffset = cmap.getUint16(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      // idRangeOffset counts bytes from its own slot into glyphIdArray; a zero there means "no glyph".
      const raw = rangeOffset === 0 ? code : cmap.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
      const glyph = rangeOffset !== 0 && raw === 0 ? 0 : (raw + delta) & 0xffff;
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

/**
 * The vertical metrics a browser lays lines out with, in font units: hhea's, or OS/2's typographic ones when the font
 * sets USE_TYPO_METRICS (what Chromium and Firefox do on every platform).
 */
export function verticalMetrics(tables) {
  const head = need(tables, "head");
  const hhea = need(tables, "hhea");
  const os2 = need(tables, "OS/2");
  const useTypo = (os2.getUint16(62) & (1 << 7)) !== 0;
  return {
    unitsPerEm: head.getUint16(18),
    ascent: useTypo ? os2.getInt16(68) : hhea.getInt16(4),
    descent: useTypo ? os2.getInt16(70) : hhea.getInt16(6),
    lineGap: useTypo ? os2.getInt16(72) : hhea.getInt16(8),
    capHeight: os2.getUint16(0) >= 2 ? os2.getInt16(88) : null,
    xHeight: os2.getUint16(0) >= 2 ? os2.getInt16(86) : null,
  };
}

/** Each mapped code point's advance width, in font units (needs an untransformed hmtx: read an sfnt). */
export function advanceWidths(tables) {
  const hhea = need(tables, "hhea");
  const hmtx = need(tables, "hmtx");
  const metrics = hhea.getUint16(34);
  const widths = new Map();
  for (const [code, glyph] of characterMap(tables)) {
    widths.set(code, hmtx.getUint16(Math.min(glyph, metrics - 1) * 4));
  }
  return widths;
}
