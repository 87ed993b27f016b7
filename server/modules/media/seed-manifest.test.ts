import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ContentSeedSchema } from "../../../domain/content";
import { fromRoot } from "../../lib/root";
import { readSeedManifest, SEED_MEDIA_DIR } from "./seed-manifest";

/** The packs of content/catalog.json that have pictures (docs/decisions/0070). */
const PACKS = ["ds01-jar", "ds01-refill", "ds01-duo", "vs01-jar", "vs01-refill", "pds08-jar", "pds08-refill", "gut-reset"];
const KINDS = ["pack", "contents", "setting"];

describe("the seed photographs (content/media/manifest.json)", () => {
  it("every file exists and its hash is the sha256 of its bytes; sizes are the file's own", async () => {
    const manifest = await readSeedManifest();
    for (const entry of manifest) {
      const bytes = readFileSync(fromRoot(SEED_MEDIA_DIR, entry.file));
      expect(createHash("sha256").update(bytes).digest("hex"), entry.file).toBe(entry.hash);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    expect(new Set(manifest.map((e) => e.name)).size).toBe(manifest.length);
    expect(new Set(manifest.map((e) => e.hash)).size).toBe(manifest.length);
  });

  it("each pack has its three pictures, distinct, 1600 px wide, each with its own alt text", async () => {
    const byName = new Map((await readSeedManifest()).map((e) => [e.name, e]));
    for (const pack of PACKS) {
      const pictures = KINDS.map((kind) => byName.get(`${pack}-${kind}`));
      for (const [i, p] of pictures.entries()) {
        expect(p, `${pack}-${KINDS[i]}`).toBeDefined();
        expect(p!.alt.trim().length).toBeGreaterThan(20);
        expect(p!.width).toBe(1600);
        expect(p!.height / p!.width).toBeGreaterThanOrEqual(1);
      }
      expect(new Set(pictures.map((p) => p!.hash)).size).toBe(3);
      expect(new Set(pictures.map((p) => p!.alt)).size).toBe(3);
    }
  });

  it("every journal article has a 16:9 cover, and the home page its hero", async () => {
    const byName = new Map((await readSeedManifest()).map((e) => [e.name, e]));
    const { articles } = ContentSeedSchema.parse(JSON.parse(readFileSync(fromRoot("content/pages.json"), "utf8")));
    for (const { slug } of articles) {
      const cover = byName.get(`article-${slug}`);
      expect(cover, slug).toBeDefined();
      expect([cover!.width, cover!.height]).toEqual([1600, 900]);
      expect(cover!.alt.length).toBeGreaterThan(20);
    }
    expect(byName.get("home-hero")).toMatchObject({ width: 1600 });
  });

  it("placeholders are tiny and the whole set stays small enough to keep in the repository", async () => {
    const manifest = await readSeedManifest();
    let total = 0;
    for (const entry of manifest) {
      expect(entry.placeholder.length, entry.name).toBeLessThan(1200);
      const size = statSync(fromRoot(SEED_MEDIA_DIR, entry.file)).size;
      expect(size, entry.file).toBeLessThan(260 * 1024);
      total += size;
    }
    expect(total).toBeLessThan(6 * 1024 * 1024);
  });
});
