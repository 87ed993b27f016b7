import { FLAG_NAMES, type FlagName, type Flags } from "../../../domain/flags";
import type { Queryable } from "../../db/client";
import { flagDefaults } from "../../db/schema";

/**
 * Flag defaults an operator set in the console. Pages read them on every render, so they are kept in memory for a
 * few seconds per database (a change shows on every page of this process within FLAG_CACHE_MS; other processes too).
 */
export const FLAG_CACHE_MS = 5_000;
const cache = new WeakMap<object, { at: number; flags: Partial<Flags> }>();

export async function storedFlagDefaults(db: Queryable): Promise<Partial<Flags>> {
  const rows = await db.select().from(flagDefaults);
  const flags: Partial<Flags> = {};
  for (const row of rows) if ((FLAG_NAMES as readonly string[]).includes(row.name)) flags[row.name as FlagName] = row.enabled;
  return flags;
}

export async function cachedFlagDefaults(db: Queryable): Promise<Partial<Flags>> {
  const hit = cache.get(db);
  if (hit && performance.now() - hit.at < FLAG_CACHE_MS) return hit.flags;
  const flags = await storedFlagDefaults(db);
  cache.set(db, { at: performance.now(), flags });
  return flags;
}

/** Sets one flag's default (in the caller's transaction); answers the stored value before (undefined: none). */
export async function setFlagDefault(db: Queryable, name: FlagName, enabled: boolean, now: Date): Promise<void> {
  await db
    .insert(flagDefaults)
    .values({ name, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: flagDefaults.name, set: { enabled, updatedAt: now } });
}

/** Drops the cache of a database, so the process that changed a flag shows it at once. */
export const forgetFlagCache = (db: Queryable) => cache.delete(db);
