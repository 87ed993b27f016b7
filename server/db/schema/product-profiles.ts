import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";

/**
 * What a product page shows beside the catalogue's fields (server/modules/catalog/product-profiles, ADR 0069): the
 * gallery of media library images, the supplement-facts panel and the reassurance row at Add to cart. Seeded from
 * content/product-profiles.json; operators edit them in the console. Shapes are validated in domain/product-profile.
 */
export const productProfiles = pgTable("product_profiles", {
  productCode: text("product_code")
    .primaryKey()
    .references(() => products.code),
  gallery: jsonb("gallery").notNull().default([]),
  facts: jsonb("facts").notNull(),
  reassurance: jsonb("reassurance").notNull().default([]),
  updatedByStaffId: uuid("updated_by_staff_id"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
