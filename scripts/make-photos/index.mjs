#!/usr/bin/env node
/**
 * Makes the shop's photographs (docs/decisions/0070-seed-photographs.md): every pack's three pictures, a cover for
 * every journal article and the home page's hero, as layered SVG scenes rasterised by sharp into WebP originals in
 * content/media, with content/media/manifest.json listing name, file, hash, size, alt text and placeholder.
 * Deterministic: the same scene always draws the same bytes, so a re-run changes nothing.
 *
 *   node scripts/make-photos/index.mjs            all pictures
 *   node scripts/make-photos/index.mjs ds01 hero  only names containing "ds01" or "hero" (the manifest keeps the rest)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { useBrandFont } from "./fonts.mjs";
import { PACKS, contentsShot, packShot, settingShot } from "./packs.mjs";
import { articleCover } from "./articles.mjs";
import { homeHero } from "./hero.mjs";
import { rasterise } from "./render.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = join(root, "content", "media");
const manifestPath = join(out, "manifest.json");

/** Every picture: its name (the contract in server/modules/media/seed-media.ts), how to draw it and its alt text. */
function pictures() {
  const list = [];
  for (const pack of PACKS) {
    list.push({ name: `${pack.key}-pack`, alt: pack.alt.pack, draw: () => packShot(pack).svg });
    list.push({ name: `${pack.key}-contents`, alt: pack.alt.contents, draw: () => contentsShot(pack).svg });
    list.push({ name: `${pack.key}-setting`, alt: pack.alt.setting, draw: () => settingShot(pack).svg });
  }
  const { articles } = JSON.parse(readFileSync(join(root, "content", "pages.json"), "utf8"));
  for (const { slug } of articles) {
    const cover = articleCover(slug);
    list.push({ name: `article-${slug}`, alt: cover.alt, draw: () => cover.svg });
  }
  const hero = homeHero();
  list.push({ name: "home-hero", alt: hero.alt, draw: () => hero.svg });
  return list;
}

async function main() {
  const only = process.argv.slice(2);
  await useBrandFont(root);
  const { default: sharp } = await import("sharp");
  sharp.concurrency(1);
  mkdirSync(out, { recursive: true });
  const previous = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : [];
  const byName = new Map(previous.map((e) => [e.name, e]));
  const all = pictures();
  for (const picture of all) {
    if (only.length > 0 && !only.some((o) => picture.name.includes(o))) continue;
    const started = Date.now();
    const image = await rasterise(sharp, picture.draw());
    const file = `${picture.name}.webp`;
    writeFileSync(join(out, file), image.bytes);
    byName.set(picture.name, { name: picture.name, file, hash: image.hash, width: image.width, height: image.height, alt: picture.alt, placeholder: image.placeholder });
    console.log(`${file}  ${image.width}x${image.height}  ${Math.round(image.bytes.length / 1024)} KB  ${Date.now() - started} ms`);
  }
  const manifest = all.map((p) => byName.get(p.name)).filter(Boolean);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${manifest.length} pictures in content/media/manifest.json`);
}

await main();
