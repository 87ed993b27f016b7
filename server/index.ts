import { openShop } from "./boot";
import { DataDirLockedError } from "./db/lock";
import { EnvError, parseEnv } from "./env";
import { productionDocumentHandler } from "./http/pages/react-router";
import { startJobs, type JobQueue } from "./jobs/queue";
import type { Shop } from "./shop";
import { createLogger } from "./lib/logger";
import { startWarnings } from "./start-warnings";
import { startWeb, type WebServer } from "./web";

/**
 * The production entry (built to build/node/index.js).
 *   node build/node/index.js          web pages + API (+ jobs unless JOBS=off)
 *   node build/node/index.js worker   jobs only, for scaling out on PostgreSQL
 */
async function main(mode: string): Promise<void> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  for (const warning of startWarnings(env)) log.warn(warning);
  const shop = await openShop(env, { log });
  let jobs: JobQueue | null = null;
  let web: WebServer | null = null;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    shop.log.info({ signal }, "shutting down");
    await shutdown(shop, web, jobs);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  if (mode === "worker" || env.JOBS === "inline") jobs = await startJobs(shop);
  if (mode === "worker") {
    shop.log.info({ database: shop.database.kind }, "worker running jobs");
    return;
  }
  web = await startWeb(shop, await productionDocumentHandler());
  shop.log.info({ port: web.port, database: shop.database.kind, jobs: jobs ? "inline" : "off" }, `open http://localhost:${web.port} (the shop is listening)`);
}

/** Order matters: stop taking requests, finish the ones in flight, stop jobs, then close the database cleanly. */
async function shutdown(shop: Shop, web: WebServer | null, jobs: JobQueue | null): Promise<void> {
  try {
    await web?.close();
    await jobs?.stop();
  } catch (error) {
    shop.log.error({ err: error }, "error while stopping");
  } finally {
    await shop.database.close();
    shop.log.info("stopped");
  }
}

const mode = process.argv[2] ?? "web";
if (mode !== "web" && mode !== "worker") {
  console.error(`Unknown mode "${mode}". Use "web" (default) or "worker".`);
  process.exit(2);
}
main(mode).catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
