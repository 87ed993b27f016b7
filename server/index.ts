import { openShop } from "./boot";
import { DataDirLockedError } from "./db/lock";
import { EnvError, parseEnv } from "./env";
import { productionDocumentHandler } from "./http/pages/react-router";
import { startJobs, type JobQueue } from "./jobs/queue";
import { experimentNames, experimentReport, formatExperimentReport } from "./modules/analytics";
import type { Shop } from "./shop";
import { createLogger } from "./lib/logger";
import { startWarnings } from "./start-warnings";
import { startWeb, type WebServer } from "./web";

/**
 * The production entry (built to build/node/index.js).
 *   node build/node/index.js          web pages + API (+ jobs unless JOBS=off)
 *   node build/node/index.js worker   jobs only, for scaling out on PostgreSQL
 *   node build/node/index.js experiments-report [name]   prints exposures and conversions by variant (npm run experiments:report)
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

/**
 * The experiment report until the console shows it. On PostgreSQL it runs beside the shop; on the embedded PGlite
 * only while the shop is stopped (one process per data folder: the lock says so clearly).
 */
async function report(name: string | undefined): Promise<void> {
  const shop = await openShop(parseEnv());
  try {
    const names = name ? [name] : experimentNames();
    for (const n of names) console.log(`${formatExperimentReport(await experimentReport(shop, n))}\n`);
  } finally {
    await shop.database.close();
  }
}

const mode = process.argv[2] ?? "web";
if (mode !== "web" && mode !== "worker" && mode !== "experiments-report") {
  console.error(`Unknown mode "${mode}". Use "web" (default), "worker" or "experiments-report".`);
  process.exit(2);
}
(mode === "experiments-report" ? report(process.argv[3]) : main(mode)).catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
