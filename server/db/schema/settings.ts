import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Flag defaults set by an operator in the console (module server/modules/settings); they override FEATURE_FLAGS. */
export const flagDefaults = pgTable("flag_defaults", {
  name: text("name").primaryKey(),
  enabled: boolean("enabled").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
