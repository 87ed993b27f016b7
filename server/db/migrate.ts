import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { fromRoot } from "../lib/root";
import type { DatabaseHandle } from "./client";
import { applyDatabaseRules } from "./rules";

export const MIGRATIONS_FOLDER = fromRoot("server/db/migrations");

/** Applies the committed drizzle-kit migrations that have not run yet, then the rules of server/db/rules.ts. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === "pglite") await migratePglite(handle.db as any, config);
  else await migratePg(handle.db as any, config);
  await applyDatabaseRules(handle);
}
