/** Types for ./font-tables.mjs (read by app/fonts/dm-sans.test.ts). */
export type FontTables = Map<string, Uint8Array>;
export function readFontTables(input: Uint8Array | ArrayBuffer): FontTables;
export function characterMap(tables: FontTables): Map<number, number>;
export function verticalMetrics(tables: FontTables): {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  capHeight: number | null;
  xHeight: number | null;
};
export function advanceWidths(tables: FontTables): Map<number, number>;
