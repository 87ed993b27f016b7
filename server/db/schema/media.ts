import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Raw bytes (PostgreSQL bytea); node-postgres and PGlite both hand them back as a Buffer/Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The media library (server/modules/media, docs/decisions/0067): one row per image an operator uploaded, a reviewer
 * attached or the seed loaded. Every URL is built from `hash` (sha256 of the original's bytes), so a URL never
 * changes its meaning and can be cached for a year.
 */
export const mediaAssets = pgTable(
  "media_assets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hash: text("hash").notNull().unique(),
    filename: text("filename").notNull(),
    /** The original's type, as sharp read it (never the upload's claim). */
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    alt: text("alt").notNull(),
    /** A tiny blurred data: URL shown while the image loads. */
    placeholder: text("placeholder").notNull(),
    source: text("source").notNull(),
    /** Where the original is kept: "db" (media_originals) or "seed:<file under content/media>". */
    storageKey: text("storage_key").notNull(),
    createdByStaffId: uuid("created_by_staff_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("media_assets_source_check", sql`${t.source} in ('upload', 'seed', 'review')`),
    check("media_assets_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.byteSize} > 0`),
    index("media_assets_created_idx").on(t.createdAt, t.id),
  ],
);

/** Originals kept in the database, which every process can read. */
export const mediaOriginals = pgTable("media_originals", {
  hash: text("hash").primaryKey(),
  data: bytea("data").notNull(),
});

/** Each served rendition, made once by whichever process first needed it (insert ... on conflict do nothing). */
export const mediaVariants = pgTable(
  "media_variants",
  {
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.format] }), check("media_variants_format_check", sql`${t.format} in ('avif', 'webp', 'jpeg')`)],
);
