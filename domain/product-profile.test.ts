import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CatalogSeedSchema } from "./catalog-seed";
import type { MediaHash, MediaImage } from "./media";
import {
  FactsSchema,
  GALLERY_SHOTS,
  GallerySchema,
  ProductProfileSchema,
  ProductProfilesSeedSchema,
  ReassuranceSchema,
  packOfImage,
  reassuranceFor,
  resolveGallery,
} from "./product-profile";

const hash = (c: string) => c.repeat(64) as MediaHash;
const facts = {
  servingSize: "2 capsules",
  servingsPerPack: "30 servings",
  amounts: [{ name: "Probiotic blend", amount: "53.6 billion AFU", dailyValue: "†" }],
  strains: [{ name: "Bifidobacterium longum SD-BL5-JP", count: "4.5 billion AFU" }],
  otherIngredients: "Pullulan.",
};
const profile = { gallery: [{ hash: hash("a") }, { hash: hash("b"), alt: "Two capsules on linen" }], facts, reassurance: [{ icon: "guarantee", title: "30 days", text: "Refund on your first order." }] };

describe("product profile shapes", () => {
  it("accepts a complete profile", () => {
    expect(ProductProfileSchema.parse(profile)).toEqual(profile);
  });

  it("refuses a hash that is not 64 hex characters, and the same photo twice", () => {
    expect(GallerySchema.safeParse([{ hash: "abc" }]).success).toBe(false);
    expect(GallerySchema.safeParse([{ hash: hash("A") }]).success).toBe(false);
    expect(GallerySchema.safeParse([{ hash: hash("a") }, { hash: hash("a") }]).success).toBe(false);
  });

  it("refuses facts without an amount, with blank words or with fields it does not know", () => {
    expect(FactsSchema.safeParse({ ...facts, amounts: [] }).success).toBe(false);
    expect(FactsSchema.safeParse({ ...facts, servingSize: "   " }).success).toBe(false);
    expect(FactsSchema.safeParse({ ...facts, colour: "red" }).success).toBe(false);
    expect(FactsSchema.safeParse({ ...facts, allergens: "Vegan.", notes: "Store cool." }).success).toBe(true);
  });

  it("knows a few icons only, and at most five items", () => {
    expect(ReassuranceSchema.safeParse([{ icon: "rocket", title: "Fast", text: "Very." }]).success).toBe(false);
    const item = { icon: "leaf", title: "Compostable", text: "Refills in compostable pouches." };
    expect(ReassuranceSchema.safeParse(Array(6).fill(item)).success).toBe(false);
    expect(ReassuranceSchema.safeParse([{ ...item, countries: ["us"] }]).success).toBe(false);
  });

  it("shows a country-limited item only in those countries", () => {
    const items = ReassuranceSchema.parse([
      { icon: "shipping", title: "Free US shipping", text: "3–5 business days.", countries: ["US"] },
      { icon: "calendar", title: "Skip or cancel", text: "Any time." },
    ]);
    expect(reassuranceFor(items, "us").map((i) => i.title)).toEqual(["Free US shipping", "Skip or cancel"]);
    expect(reassuranceFor(items, "GB").map((i) => i.title)).toEqual(["Skip or cancel"]);
  });

  it("resolves a gallery in order, with the product's own alt text, leaving out photos the library lacks", () => {
    const image = (h: MediaHash, alt: string): MediaImage => ({ hash: h, width: 1600, height: 1600, alt, placeholder: "data:," });
    const library = new Map([
      [hash("a"), image(hash("a"), "A jar")],
      [hash("b"), image(hash("b"), "Capsules")],
    ]);
    const gallery = resolveGallery([{ hash: hash("b"), alt: "Two capsules on linen" }, { hash: hash("c") }, { hash: hash("a") }], library);
    expect(gallery.map((g) => [g.hash, g.alt])).toEqual([
      [hash("b"), "Two capsules on linen"],
      [hash("a"), "A jar"],
    ]);
  });

  it("names a product's pack from its image path", () => {
    expect(packOfImage("/products/ds01-jar.svg")).toBe("ds01-jar");
    expect(packOfImage("/products/gut-reset.svg")).toBe("gut-reset");
    expect(packOfImage("https://elsewhere.example/x.png")).toBeNull();
  });
});

describe("content/product-profiles.json", () => {
  const read = (path: string) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
  const { profiles } = ProductProfilesSeedSchema.parse(read("content/product-profiles.json"));
  const catalog = CatalogSeedSchema.parse(read("content/catalog.json"));

  it("has one profile for every product of the catalogue", () => {
    expect(profiles.map((p) => p.productCode).sort()).toEqual(catalog.products.map((p) => p.code).sort());
  });

  it("shows each product in its pack's three photos, by the media seed's names", () => {
    for (const product of catalog.products) {
      const pack = packOfImage(product.content.image);
      const names = profiles.find((p) => p.productCode === product.code)!.gallery.map((g) => g.name);
      expect(names, product.code).toEqual(GALLERY_SHOTS.map((shot) => `${pack}-${shot}`));
    }
  });

  it("states DS-01's label: 2 capsules, 24 strains, 53.6 billion AFU and 400 mg of punicalagins", () => {
    const ds01 = profiles.find((p) => p.productCode === "syn-wk")!.facts;
    expect(ds01.servingSize).toMatch(/^2 capsules/);
    expect(ds01.strains).toHaveLength(24);
    expect(ds01.amounts.map((a) => a.amount)).toEqual(["53.6 billion AFU", "400 mg"]);
    expect(ds01.amounts[1]!.name).toMatch(/punicalagins.*pomegranate/i);
  });

  it("promises skip-or-cancel only on subscriptions, and free shipping only where the shipping rule gives it", () => {
    for (const p of profiles) {
      const product = catalog.products.find((c) => c.code === p.productCode)!;
      const titles = p.reassurance.map((r) => r.title.toLowerCase());
      if (!product.isSrp) expect(titles.some((t) => t.includes("cancel")), p.productCode).toBe(false);
      for (const item of p.reassurance.filter((r) => r.icon === "shipping")) {
        // US standard shipping is free; elsewhere only the free-shipping plans (domain/shipping.ts FREE_SHIPPING_PLANS).
        if (p.productCode !== "vs-rf-3mo") expect(item.countries, p.productCode).toEqual(["US"]);
      }
    }
  });
});
