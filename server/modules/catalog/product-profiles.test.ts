import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaHash } from "../../../domain/media";
import { productProfiles as profilesTable, mediaAssets } from "../../db/schema";
import { dbOf } from "../../shop";
import { seedMediaHashes } from "../media";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { forgetProductPhotos, productPhotos, productProfiles, readProfilesSeed, saveProductProfile, seedProductProfiles, storedProfiles } from "./product-profiles";

const hashOf = (n: number) => n.toString(16).padStart(64, "0") as MediaHash;
/** The manifest as the media seed will write it: every pack's three photos, each with its own hash. */
function manifestHashes(packs: readonly string[]): Map<string, MediaHash> {
  let n = 1;
  return new Map(packs.flatMap((pack) => ["pack", "contents", "setting"].map((shot) => [`${pack}-${shot}`, hashOf(n++)] as [string, MediaHash])));
}
const PACKS = ["ds01-jar", "ds01-refill", "ds01-duo", "vs01-jar", "vs01-refill", "pds08-jar", "pds08-refill", "gut-reset"];

describe(`product profiles (${testDriver()})`, () => {
  let shop: TestShop;
  const hashes = manifestHashes(PACKS);
  beforeAll(async () => {
    shop = await openTestShop();
    // The library rows the media seed would load (only the hashes matter here).
    await dbOf(shop)
      .insert(mediaAssets)
      .values(
        [...hashes].map(([name, hash]) => ({
          hash, filename: `${name}.png`, mime: "image/png", width: 1600, height: 1600, byteSize: 1000, alt: `Library alt of ${name}`,
          placeholder: "data:image/webp;base64,AA", source: "seed", storageKey: `seed:${name}.png`, createdAt: shop.clock.now(),
        })),
      );
  });
  afterAll(() => shop.cleanup());

  it("the shop's seed gave every product a profile: the seed photographs' three views, facts and reassurance", async () => {
    const seeds = await readProfilesSeed();
    const stored = await storedProfiles(dbOf(shop), seeds.map((s) => s.productCode));
    expect(stored.size).toBe(seeds.length);
    const real = await seedMediaHashes();
    expect(stored.get("syn-wk")!.gallery.map((g) => g.hash)).toEqual(["ds01-jar-pack", "ds01-jar-contents", "ds01-jar-setting"].map((n) => real.get(n)));
    expect(stored.get("syn-wk")!.facts.strains).toHaveLength(24);
  });

  it("fills the galleries once the manifest names the photos, and a second run changes nothing", async () => {
    const first = await seedProductProfiles(shop, undefined, hashes);
    expect(first).toMatchObject({ inserted: 0, updated: 12 });
    expect(await seedProductProfiles(shop, undefined, hashes)).toEqual({ inserted: 0, updated: 0, keptEdited: [] });
    const view = (await productProfiles(dbOf(shop), ["syn-wk", "syn-gr"])).get("syn-wk")!;
    expect(view.gallery.map((g) => g.hash)).toEqual([hashes.get("ds01-jar-pack"), hashes.get("ds01-jar-contents"), hashes.get("ds01-jar-setting")]);
    expect(view.gallery[0]).toMatchObject({ width: 1600, height: 1600, alt: "Library alt of ds01-jar-pack" });
  });

  it("skips names the manifest lacks, and a deleted row comes back", async () => {
    await dbOf(shop).delete(profilesTable).where(eq(profilesTable.productCode, "syn-gr"));
    const partial = new Map([...hashes].filter(([name]) => name !== "gut-reset-contents"));
    expect(await seedProductProfiles(shop, undefined, partial)).toMatchObject({ inserted: 1 });
    const view = (await productProfiles(dbOf(shop), ["syn-gr"])).get("syn-gr")!;
    expect(view.gallery.map((g) => g.hash)).toEqual([hashes.get("gut-reset-pack"), hashes.get("gut-reset-setting")]);
    await seedProductProfiles(shop, undefined, hashes);
  });

  it("an operator's edit survives a reseed, and the photos follow it", async () => {
    expect((await productPhotos(shop))["syn-rf"]?.hash).toBe(hashes.get("ds01-refill-pack"));
    const stored = (await storedProfiles(dbOf(shop), ["syn-rf"])).get("syn-rf")!;
    const edited = { gallery: [stored.gallery[2]!, stored.gallery[0]!], facts: { ...stored.facts, servingSize: "Two capsules, edited" }, reassurance: stored.reassurance.slice(1) };
    const { before } = await saveProductProfile(dbOf(shop), { productCode: "syn-rf", profile: edited, staffId: randomUUID(), now: shop.clock.now() });
    expect(before?.facts.servingSize).toBe(stored.facts.servingSize);
    forgetProductPhotos(shop);
    const result = await seedProductProfiles(shop, undefined, hashes);
    expect(result).toEqual({ inserted: 0, updated: 0, keptEdited: ["syn-rf"] });
    const after = (await storedProfiles(dbOf(shop), ["syn-rf"])).get("syn-rf")!;
    expect(after).toMatchObject({ gallery: edited.gallery, facts: { servingSize: "Two capsules, edited" }, reassurance: edited.reassurance });
    expect((await productPhotos(shop))["syn-rf"]).toMatchObject({ hash: hashes.get("ds01-refill-setting"), alt: "" });
  });

  it("a stored row that no longer parses is left out rather than drawn half-broken", async () => {
    await dbOf(shop).update(profilesTable).set({ facts: { servingSize: "" } }).where(eq(profilesTable.productCode, "pds-gwp"));
    expect((await productProfiles(dbOf(shop), ["pds-gwp"])).has("pds-gwp")).toBe(false);
  });
});
