import { integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

/** CMS pages: one row per named route. Blocks are the CMS block list of SPEC.md section 2 (validated in domain/content). */
export const contentPages = pgTable("content_pages", {
  id: uuid("id").primaryKey().defaultRandom(),
  routeName: text("route_name").notNull().unique(),
  path: text("path").notNull().unique(),
  title: text("title").notNull(),
  intro: text("intro").notNull(),
  description: text("description").notNull(),
  layout: text("layout").notNull().default("default"),
  blocks: jsonb("blocks").notNull().default([]),
  /**
   * The published version: 1 is what the content file put there; each console publish or restore adds one. A publish
   * names the version it edited and is refused when this moved on (docs/decisions/0041-console-content.md).
   */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * Every published version of a page, for the console's history and restore. The content file's version is recorded
 * (staff null) when the first console publish replaces it, so it can be restored too. Rows are only ever inserted.
 */
export const contentPageVersions = pgTable(
  "content_page_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pageId: uuid("page_id")
      .notNull()
      .references(() => contentPages.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull(),
    description: text("description").notNull(),
    blocks: jsonb("blocks").notNull(),
    /** Who published it; null for the content file's version. */
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email"),
    /** The version this one restored, when it was a restore. */
    restoredFrom: integer("restored_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("content_page_versions_page_version").on(t.pageId, t.version)],
);
