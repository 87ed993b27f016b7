// Written by scripts/make-font.mjs; do not edit (docs/decisions/0071-typeface-and-first-screen.md).

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

export const FONT_FILES: readonly FontFile[] = [
  {
    "key": "latin",
    "url": "/fonts/dm-sans-var.e00f9c0c69bb.woff2",
    "style": "normal",
    "preload": true,
    "bytes": 21184,
    "unicodeRange": "U+20-7E,U+A0-AC,U+AE-FF,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2212"
  },
  {
    "key": "latin-italic",
    "url": "/fonts/dm-sans-var-italic.0d759523c521.woff2",
    "style": "italic",
    "preload": false,
    "bytes": 22516,
    "unicodeRange": "U+20-7E,U+A0-AC,U+AE-FF,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2122,U+2212"
  },
  {
    "key": "ext",
    "url": "/fonts/dm-sans-var-ext.76561749d85a.woff2",
    "style": "normal",
    "preload": false,
    "bytes": 9096,
    "unicodeRange": "U+100-107,U+10A-11B,U+11E-123,U+126-130,U+132-133,U+136-137,U+139-148,U+14A-151,U+154-15B,U+15E-165,U+168-17E,U+18F,U+192,U+1FC-1FD,U+218-21B,U+237,U+2020"
  },
  {
    "key": "ext-italic",
    "url": "/fonts/dm-sans-var-ext-italic.4ae5196f285c.woff2",
    "style": "italic",
    "preload": false,
    "bytes": 9936,
    "unicodeRange": "U+100-107,U+10A-11B,U+11E-123,U+126-130,U+132-133,U+136-137,U+139-148,U+14A-151,U+154-15B,U+15E-165,U+168-17E,U+18F,U+192,U+1FC-1FD,U+218-21B,U+237,U+2020"
  }
];

/** The upright Latin file, preloaded by every page (app/root.tsx). */
export const FONT_PRELOAD_URL = "/fonts/dm-sans-var.e00f9c0c69bb.woff2";

/** The metric-matched fallback faces' numbers, as app/fonts/dm-sans.css sets them, by the DM Sans weight each matches. */
export const FALLBACK_METRICS = [
  {
    "weight": 400,
    "sizeAdjust": 1.0521,
    "ascentOverride": 0.9429,
    "descentOverride": 0.2947,
    "lineGapOverride": 0
  },
  {
    "weight": 500,
    "sizeAdjust": 1.0445,
    "ascentOverride": 0.9498,
    "descentOverride": 0.2968,
    "lineGapOverride": 0
  },
  {
    "weight": 600,
    "sizeAdjust": 1.0083,
    "ascentOverride": 0.9838,
    "descentOverride": 0.3074,
    "lineGapOverride": 0
  }
] as const;
