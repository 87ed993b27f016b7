import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
