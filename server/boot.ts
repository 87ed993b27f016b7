import { openDatabase, type DatabaseHandle } from "./db/client";
import { migrate } from "./db/migrate";
import { seed } from "./db/seed";
import type { Env } from "./env";
import { systemClock, type Clock } from "./lib/clock";
import { createLogger, type Logger } from "./lib/logger";
import type { Shop } from "./shop";

/** env -> database -> migrate -> seed (under the boot lock). Shared by the web server, the worker and the tests. */
export async function openShop(env: Env, options: { clock?: Clock; log?: Logger; database?: DatabaseHandle } = {}): Promise<Shop> {
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  const database =
    options.database ?? (await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR }, { poolSize: env.DATABASE_POOL_SIZE }));
  const shop: Shop = { env, database, clock: options.clock ?? systemClock, log };
  try {
    // Processes of a deployment may start together: one migrates and seeds, the others wait and find it done.
    await database.exclusive(async () => {
      await migrate(database);
      await seed(shop);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return shop;
}
