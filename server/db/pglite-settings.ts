import { PGlite } from "@electric-sql/pglite";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * PostgreSQL settings for PGlite's one embedded connection (issue 39, ADR 0079). PGlite starts PostgreSQL with the
 * server defaults, sized for many connections: shared_buffers=128MB lives inside its WebAssembly memory, which never
 * shrinks, and alone held ~120 MiB resident. One connection on a small shop's data needs far less; the rest of the
 * defaults matter only to sorts and index builds, bounded here so one migration cannot grow the heap for good.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: "16MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
};

export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ["-c", `${k}=${v}`])];
}

/**
 * A new data folder's initdb runs in a short-lived child process. In the serving process PGlite would run initdb in
 * two more WebAssembly instances (initdb's and a bootstrap PGlite), whose memory and compiled code the process then
 * keeps: ~200 MiB more resident after a first start than after a restart on the same folder.
 */
export function initPgliteDataDir(pgDir: string): void {
  if (existsSync(join(pgDir, "PG_VERSION"))) return;
  const script = `import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create(process.argv[1]);
await db.close();`;
  execFileSync(process.execPath, ["--input-type=module", "-e", script, pgDir], { stdio: ["ignore", "ignore", "inherit"] });
}
