import { date, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Cultured articles (the journal at /cultured/): blocks like a page, with a byline and related products. */
export const contentArticles = pgTable("content_articles", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  author: text("author").notNull(),
  authorRole: text("author_role").notNull(),
  publishedOn: date("published_on", { mode: "string" }).notNull(),
  category: text("category").notNull(),
  relatedProducts: jsonb("related_products").$type<string[]>().notNull(),
  blocks: jsonb("blocks").notNull(),
  readingMinutes: integer("reading_minutes").notNull(),
  /** The media library hash of the cover photograph (null: none yet). */
  coverHash: text("cover_hash"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * What the seed last wrote for each page or article ("page:<route>", "article:<slug>"): a hash of the content file's
 * entry and of the row as written. A changed file entry replaces the row on start, unless an operator edited the
 * row since (its hash no longer matches what the seed wrote).
 */
export const contentSeedState = pgTable("content_seed_state", {
  key: text("key").primaryKey(),
  fileHash: text("file_hash").notNull(),
  rowHash: text("row_hash").notNull(),
});
