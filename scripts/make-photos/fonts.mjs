/**
 * Labels are set in the shop's own typeface, DM Sans (the @fontsource-variable package the site serves). librsvg
 * finds fonts through fontconfig and cannot read WOFF2, so the variable font is instanced at the weights the labels
 * use into TrueType files in a temporary folder, and fontconfig is pointed there (with an alias, "Brand Sans",
 * because the font's own family name, "DM Sans 9pt", ends in what Pango reads as a size).
 * Must run before sharp renders its first text.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function useBrandFont(root) {
  const require = createRequire(join(root, "package.json"));
  const subsetFont = require("subset-font");
  const src = readFileSync(require.resolve("@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2"));
  const dir = join(tmpdir(), "make-photos-fonts");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "fonts"), { recursive: true });
  const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("") + "®™·–—’";
  for (const weight of [400, 500, 700]) {
    writeFileSync(join(dir, "fonts", `DMSans-${weight}.ttf`), await subsetFont(src, chars, { targetFormat: "truetype", variationAxes: { wght: weight } }));
  }
  writeFileSync(
    join(dir, "fonts.conf"),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${join(dir, "fonts")}</dir>` +
      `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><cachedir>${join(dir, "cache")}</cachedir>` +
      `<match target="pattern"><test name="family"><string>Brand Sans</string></test><edit name="family" mode="assign" binding="strong"><string>DM Sans 9pt</string></edit></match></fontconfig>`,
  );
  process.env.FONTCONFIG_FILE = join(dir, "fonts.conf");
}
