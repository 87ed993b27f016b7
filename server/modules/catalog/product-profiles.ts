import { readFile } from "node:fs/promises";
import { eq, inArray } from "drizzle-orm";
import type { MediaHash, MediaImage } from "../../../domain/media";
import {
  ProductProfileSchema,
  ProductProfilesSeedSchema,
  resolveGallery,
  type ProductProfile,
  type ProductProfileView,
  type SeedProfile,
} from "../../../domain/product-profile";
import { announceChange, cachedUntilChanged } from "../../db/change-notices";
import type { Database, DatabaseHandle, Queryable } from "../../db/client";
import { productProfiles as profilesTable, products } from "../../db/schema";
import { fromRoot } from "../../lib/root";
import { findImages } from "../media/find-images";
import { seedMediaHashes } from "../media/seed-media";
import { dbOf, type Shop } from "../../shop";

/** The channel a change to product profiles is announced on (the table has no trigger: its writers announce). */
export const PRODUCT_PROFILES_CHANGED = "product_profiles_changed";

/** jsonb keeps keys in its own order, so values are compared with keys sorted. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((k) => record[k] !== undefined)
        .map((k) => [k, canonical(record[k])]),
    );
  }
  return value;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The seed file's profile with its gallery's names resolved to hashes; names the manifest lacks are left out. */
export function profileFromSeed(seed: SeedProfile, hashes: ReadonlyMap<string, MediaHash>): ProductProfile {
  const gallery = seed.gallery.flatMap((g) => {
    const hash = hashes.get(g.name);
    return hash ? [{ hash, ...(g.alt ? { alt: g.alt } : {}) }] : [];
  });
  return ProductProfileSchema.parse({ gallery, facts: seed.facts, reassurance: seed.reassurance });
}

export async function readProfilesSeed(): Promise<SeedProfile[]> {
  return ProductProfilesSeedSchema.parse(JSON.parse(await readFile(fromRoot("content/product-profiles.json"), "utf8"))).profiles;
}

/**
 * Loads content/product-profiles.json. A missing row is inserted; a row the seed wrote (no staff id) is brought up to
 * the file, so a gallery fills in once the media seed's photos exist; a row an operator saved is never touched.
 * Running it again changes nothing.
 */
export async function seedProductProfiles(
  shop: Shop,
  seeds?: readonly SeedProfile[],
  hashes?: ReadonlyMap<string, MediaHash>,
): Promise<{ inserted: number; updated: number; keptEdited: string[] }> {
  const [profiles, names] = await Promise.all([seeds ?? readProfilesSeed(), hashes ?? seedMediaHashes()]);
  const result = { inserted: 0, updated: 0, keptEdited: [] as string[] };
  const now = shop.clock.now();
  await dbOf(shop).transaction(async (tx) => {
    const known = new Set((await tx.select({ code: products.code }).from(products)).map((p) => p.code));
    const rows = new Map((await tx.select().from(profilesTable)).map((r) => [r.productCode, r]));
    for (const seed of profiles) {
      if (!known.has(seed.productCode)) continue;
      const profile = profileFromSeed(seed, names);
      const row = rows.get(seed.productCode);
      if (!row) {
        const inserted = await tx.insert(profilesTable).values({ productCode: seed.productCode, ...profile, updatedAt: now }).onConflictDoNothing().returning();
        result.inserted += inserted.length;
      } else if (row.updatedByStaffId) {
        if (!same(profile, { gallery: row.gallery, facts: row.facts, reassurance: row.reassurance })) result.keptEdited.push(seed.productCode);
      } else if (!same(profile, { gallery: row.gallery, facts: row.facts, reassurance: row.reassurance })) {
        await tx.update(profilesTable).set({ ...profile, updatedAt: now }).where(eq(profilesTable.productCode, seed.productCode));
        result.updated++;
      }
    }
    if (result.inserted + result.updated > 0) await announceChange(tx, PRODUCT_PROFILES_CHANGED);
  });
  if (result.inserted + result.updated > 0) photos.forget(shop.database);
  if (result.keptEdited.length > 0) shop.log.info({ products: result.keptEdited }, "product profiles an operator edited differ from the file; kept the edits");
  return result;
}

/** A stored profile, validated (a row that no longer parses is treated as missing rather than shown half-broken). */
function parsedProfile(row: typeof profilesTable.$inferSelect): ProductProfile | null {
  const parsed = ProductProfileSchema.safeParse({ gallery: row.gallery, facts: row.facts, reassurance: row.reassurance });
  return parsed.success ? parsed.data : null;
}

/** The stored profiles of these products, as saved (hashes, not images): what the console edits. */
export async function storedProfiles(db: Queryable, codes: readonly string[]): Promise<Map<string, ProductProfile & { updatedAt: Date; updatedByStaffId: string | null }>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(profilesTable).where(inArray(profilesTable.productCode, [...codes]));
  return new Map(
    rows.flatMap((row) => {
      const profile = parsedProfile(row);
      return profile ? [[row.productCode, { ...profile, updatedAt: row.updatedAt, updatedByStaffId: row.updatedByStaffId }] as const] : [];
    }),
  );
}

/** The profiles of these products as pages draw them: each gallery resolved to library images, in order. */
export async function productProfiles(db: Database, codes: readonly string[]): Promise<Map<string, ProductProfileView>> {
  const stored = await storedProfiles(db, codes);
  const images = await findImages(db, [...stored.values()].flatMap((p) => p.gallery.map((g) => g.hash)));
  return new Map(
    [...stored].map(([code, p]) => [code, { productCode: code, gallery: resolveGallery(p.gallery, images), facts: p.facts, reassurance: p.reassurance }]),
  );
}

/** Each product's first gallery photo, for the small pictures of cart, checkout, emails and the portal. */
export type ProductPhotos = Readonly<Record<string, MediaImage>>;

async function loadPhotos(database: DatabaseHandle): Promise<ProductPhotos> {
  const rows = await database.db.select().from(profilesTable);
  const first = new Map(rows.flatMap((row) => {
    const hash = parsedProfile(row)?.gallery[0];
    return hash ? [[row.productCode, hash] as const] : [];
  }));
  const images = await findImages(database.db, [...first.values()].map((g) => g.hash));
  const out: Record<string, MediaImage> = {};
  for (const [code, entry] of first) {
    const [image] = resolveGallery([entry], images);
    if (image) out[code] = { ...image, alt: "" };
  }
  return Object.freeze(out);
}

const photos = cachedUntilChanged(PRODUCT_PROFILES_CHANGED, loadPhotos);

/**
 * Each product's first photo, from memory until a profile changes. The alt is empty: beside the product's name, the
 * picture repeats it (a screen reader would read the name twice).
 */
export function productPhotos(shop: Shop): Promise<ProductPhotos> {
  return photos.get(shop.database);
}

/** Writes an operator's profile (already validated) and announces it; answers the row before and after. */
export async function saveProductProfile(
  tx: Queryable,
  input: { productCode: string; profile: ProductProfile; staffId: string; now: Date },
): Promise<{ before: ProductProfile | null; after: ProductProfile }> {
  const [row] = await tx.select().from(profilesTable).where(eq(profilesTable.productCode, input.productCode)).limit(1);
  const values = { ...input.profile, updatedByStaffId: input.staffId, updatedAt: input.now };
  if (row) await tx.update(profilesTable).set(values).where(eq(profilesTable.productCode, input.productCode));
  else await tx.insert(profilesTable).values({ productCode: input.productCode, ...values });
  await announceChange(tx, PRODUCT_PROFILES_CHANGED);
  return { before: row ? parsedProfile(row) : null, after: input.profile };
}

/** After a commit that saved a profile: this process forgets its photos at once, without waiting for the notice. */
export function forgetProductPhotos(shop: Shop): void {
  photos.forget(shop.database);
}
