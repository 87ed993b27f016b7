import { ShopError } from "../domain/errors";
import { openShop } from "./boot";
import { backup, BackupError, restore } from "./commands/backup";
import { consoleOwnerCommand } from "./commands/console-owner";
import { DataDirLockedError } from "./db/lock";
import { EnvError, parseEnv } from "./env";
import { productionDocumentHandler } from "./http/pages/react-router";
import { createMetrics, metricsEnabled, startMetricsServer } from "./http/metrics";
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
 *   node build/node/index.js console-owner <email>   an owner's one-time console setup link (npm run console:owner)
 *   node build/node/index.js backup|restore <file>   pg_dump/pg_restore, or a copy of DATA_DIR (npm run backup / restore)
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
    // A worker serves metrics only on METRICS_PORT (it has no other port).
    const metrics = metricsEnabled(shop) ? await startMetricsServer(shop, createMetrics(shop, { role: "worker" })) : null;
    shop.log.info({ database: shop.database.kind, metricsPort: metrics?.port }, "worker running jobs");
    return;
  }
  web = await startWeb(shop, await productionDocumentHandler());
  // Behind a proxy the address to open is PUBLIC_URL, not this process's port (issue 37).
  const address = env.PUBLIC_URL ?? `http://localhost:${web.port}`;
  shop.log.info({ port: web.port, database: shop.database.kind, jobs: jobs ? "inline" : "off" }, `open ${address} (the shop is listening on port ${web.port})`);
}

async function consoleOwner(email: string): Promise<void> {
  const shop = await openShop(parseEnv());
  try {
    const { link, setup, created } = await consoleOwnerCommand(shop, email);
    console.log(
      [
        created ? `Created the console owner ${setup.staff.email}.` : `${setup.staff.email} (${setup.staff.role}) has a new setup link; the old password and authenticator no longer work.`,
        "",
        "Open this link once, within 24 hours, to choose a password and add the console to an authenticator app:",
        `  ${link}`,
        "",
        "Anyone with the link can claim the account: hand it over privately.",
      ].join("\n"),
    );
  } catch (error) {
    console.error(error instanceof ShopError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await shop.database.close();
  }
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
 * The experiment report (the console's Experiments page shows the same numbers, ADR 0042). On PostgreSQL it runs beside the shop; on the embedded PGlite
 * only while the shop is stopped (one process per data folder: the lock says so clearly).
 */
async function report(name: string | undefined): Promise<void> {
  const shop = await openShop(parseEnv());
  try {
    const names = name ? [name] : await experimentNames(shop);
    for (const n of names) console.log(`${formatExperimentReport(await experimentReport(shop, n))}\n`);
  } finally {
    await shop.database.close();
  }
}

const mode = process.argv[2] ?? "web";
const MODES = ["web", "worker", "experiments-report", "console-owner", "backup", "restore"];
if (!MODES.includes(mode)) {
  console.error(`Unknown mode "${mode}". Use "web" (default), "worker", "experiments-report", "console-owner <email>", "backup <file>" or "restore <file>".`);
  process.exit(2);
}
/** Needs only where the database is: it never opens the shop (a PGlite folder must stay closed while it is copied). */
async function backupOrRestore(which: "backup" | "restore", file: string): Promise<void> {
  const target = { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" };
  console.log(which === "backup" ? backup(target, file) : restore(target, file));
}

const run =
  mode === "experiments-report"
    ? report(process.argv[3])
    : mode === "console-owner"
      ? consoleOwner(process.argv[3] ?? "")
      : mode === "backup" || mode === "restore"
        ? backupOrRestore(mode, process.argv[3] ?? "")
        : main(mode);
run.catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
