import { z } from "zod";
import type { MediaHash, MediaImage } from "./media";

/**
 * What a product page shows beside the catalogue's fields (docs/decisions/0069): its gallery of media library photos,
 * the supplement-facts panel and the reassurance row under Add to cart. Stored in product_profiles (jsonb), seeded
 * from content/product-profiles.json and edited in the console; every read and write goes through these schemas.
 */

const Hash = z.string().regex(/^[0-9a-f]{64}$/, "a media hash is 64 lowercase hex characters");
const Words = (max: number) => z.string().trim().min(1).max(max);

/** One photo of the gallery, in display order. `alt` overrides the library's alt text for this product. */
export const GalleryEntrySchema = z.object({ hash: Hash, alt: Words(300).optional() }).strict();
export const GallerySchema = z
  .array(GalleryEntrySchema)
  .max(12)
  .refine((g) => new Set(g.map((e) => e.hash)).size === g.length, "a photo appears once in a gallery");

/** One row of the facts panel: "Prebiotic punicalagins", "400 mg", "†" or "24%". */
export const FactAmountSchema = z.object({ name: Words(120), amount: Words(60), dailyValue: Words(12).optional() }).strict();
/** One probiotic strain and, where the label gives it, its count per serving ("2.0 billion AFU"). */
export const StrainSchema = z.object({ name: Words(120), count: Words(40).optional() }).strict();

export const FactsSchema = z
  .object({
    servingSize: Words(120),
    servingsPerPack: Words(80),
    amounts: z.array(FactAmountSchema).min(1).max(30),
    strains: z.array(StrainSchema).max(40),
    otherIngredients: Words(600),
    allergens: Words(300).optional(),
    notes: Words(600).optional(),
  })
  .strict();

/** The reassurance row's icons: drawn by the page (app/components/product/ReassuranceRow), never uploaded. */
export const REASSURANCE_ICONS = ["shipping", "calendar", "guarantee", "leaf", "lab"] as const;
export type ReassuranceIcon = (typeof REASSURANCE_ICONS)[number];

export const ReassuranceItemSchema = z
  .object({
    icon: z.enum(REASSURANCE_ICONS),
    title: Words(60),
    text: Words(200),
    /** Shown only to shoppers in these countries (ISO codes): free shipping is true in the US, not abroad. */
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1).max(50).optional(),
  })
  .strict();
export const ReassuranceSchema = z.array(ReassuranceItemSchema).max(5);

export const ProductProfileSchema = z.object({ gallery: GallerySchema, facts: FactsSchema, reassurance: ReassuranceSchema }).strict();

export type GalleryEntry = z.infer<typeof GalleryEntrySchema>;
export type Facts = z.infer<typeof FactsSchema>;
export type ReassuranceItem = z.infer<typeof ReassuranceItemSchema>;
export type ProductProfile = z.infer<typeof ProductProfileSchema>;

/** A profile as a page draws it: the gallery's hashes resolved to library images (missing ones left out). */
export interface ProductProfileView {
  productCode: string;
  gallery: MediaImage[];
  facts: Facts;
  reassurance: ReassuranceItem[];
}

/** The seed file's gallery names media by their manifest name ("ds01-jar-pack"), resolved to hashes when seeding. */
export const SeedProfileSchema = z
  .object({
    productCode: z.string().min(1),
    gallery: z.array(z.object({ name: z.string().min(1), alt: Words(300).optional() }).strict()).max(12),
    facts: FactsSchema,
    reassurance: ReassuranceSchema,
  })
  .strict();
export const ProductProfilesSeedSchema = z.object({ profiles: z.array(SeedProfileSchema) }).strict();
export type SeedProfile = z.infer<typeof SeedProfileSchema>;

/** The three photos every product's pack is shown in (the media seed's names: `<pack>-pack`, `-contents`, `-setting`). */
export const GALLERY_SHOTS = ["pack", "contents", "setting"] as const;

/** "/products/ds01-jar.svg" -> "ds01-jar": the pack whose photos show this product. */
export function packOfImage(path: string): string | null {
  const m = /\/products\/([a-z0-9-]+)\.svg$/.exec(path);
  return m ? m[1]! : null;
}

/** The gallery with each photo's alt text: the product's own where set, else the library's. */
export function resolveGallery(gallery: readonly GalleryEntry[], images: ReadonlyMap<string, MediaImage>): MediaImage[] {
  return gallery.flatMap((entry) => {
    const image = images.get(entry.hash);
    return image ? [{ ...image, alt: entry.alt ?? image.alt }] : [];
  });
}

/** The reassurance items a shopper in `country` is told (an item limited to some countries is left out elsewhere). */
export function reassuranceFor(items: readonly ReassuranceItem[], country: string): ReassuranceItem[] {
  const c = country.toUpperCase();
  return items.filter((item) => !item.countries || item.countries.includes(c));
}

export type { MediaHash };
