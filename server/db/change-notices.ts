import { sql } from "drizzle-orm";
import type { DatabaseHandle, Queryable } from "./client";
import type { Listening } from "./listener";

/**
 * Data held in memory and dropped when it changes, in every process (PostgreSQL LISTEN/NOTIFY; PGlite delivers its own
 * notices the same way, at commit). A writer calls announceChange in its transaction; every process's cache of that
 * channel forgets its copy once the transaction commits, and the writer's own process at once.
 *
 *   const products = cachedUntilChanged("catalog_changed", (database) => loadProducts(database));
 *   await products.get(shop.database);                 // read, then from memory
 *   await announceChange(tx, "catalog_changed");       // in the writing transaction
 *   products.forget(shop.database);                    // after the commit, for this process without waiting
 */
export async function announceChange(db: Queryable, channel: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, '')`);
}

export interface ChangeCache<T> {
  get(database: DatabaseHandle): Promise<T>;
  forget(database: DatabaseHandle): void;
}

interface Held<T> {
  value: Promise<T> | null;
  listening: Promise<Listening | null>;
}

/**
 * A value loaded once per database and kept until a change is announced on `channel`. Kept only while the listener is
 * live: without it (PostgreSQL's listening connection dropped) every get loads afresh, so nothing stale is served; when it
 * is back the copy is dropped once more, since a load that began just before the loss may hold what changed in the gap.
 */
export function cachedUntilChanged<T>(channel: string, load: (database: DatabaseHandle) => Promise<T>): ChangeCache<T> {
  const held = new WeakMap<DatabaseHandle, Held<T>>();

  function heldFor(database: DatabaseHandle): Held<T> {
    let h = held.get(database);
    if (!h) {
      const fresh: Held<T> = { value: null, listening: Promise.resolve(null) };
      const drop = () => (fresh.value = null);
      fresh.listening = database.listen(channel, { onNotice: drop, onLost: drop, onBack: drop }).catch(() => null);
      held.set(database, fresh);
      h = fresh;
    }
    return h;
  }

  return {
    async get(database) {
      const h = heldFor(database);
      if (h.value) return h.value;
      const listening = await h.listening;
      if (h.value) return h.value;
      const loading = load(database);
      // Held from the start, so a change announced while it loads drops it (the loader may have read the old rows).
      if (listening?.live()) {
        h.value = loading;
        loading.catch(() => h.value === loading && (h.value = null));
      }
      return loading;
    },
    forget(database) {
      const h = held.get(database);
      if (h) h.value = null;
    },
  };
}
