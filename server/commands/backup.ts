import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { DataDirLockedError, lockDataDir } from "../db/lock";

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (docs/deploy.md).
 *   PostgreSQL (DATABASE_URL): pg_dump's custom format; restore with pg_restore --clean into the same (or a new) database.
 *   PGlite (DATA_DIR): a copy of the folder, taken and put back only while no shop runs on it (the folder's lock file is
 *   taken for the copy, so a running shop makes it refuse).
 * Answers a line to print; throws BackupError with a line that says what to do.
 */
export class BackupError extends Error {}

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

function tool(name: "pg_dump" | "pg_restore"): string {
  const found = spawnSync(name, ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0) {
    throw new BackupError(`${name} was not found. Install PostgreSQL's client tools (Debian: apt-get install -y postgresql-client), at least the server's major version.`);
  }
  return name;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "inherit", "pipe"] });
  if (result.status !== 0) throw new BackupError(`${command} failed: ${(result.stderr ?? "").trim().split("\n").slice(-3).join(" ") || `exit ${result.status}`}`);
}

export function backup(target: BackupTarget, file: string): string {
  if (!file) throw new BackupError("Say where to write the backup: npm run backup -- <file>");
  const out = resolve(file);
  if (target.databaseUrl) {
    run(tool("pg_dump"), ["--format=custom", "--no-owner", "--no-privileges", `--file=${out}`, `--dbname=${target.databaseUrl}`]);
    return `Backed up the PostgreSQL database to ${out} (pg_dump custom format).`;
  }
  const source = resolve(target.dataDir);
  if (!existsSync(resolve(source, "pglite"))) throw new BackupError(`There is no shop database in ${source} (DATA_DIR).`);
  if (existsSync(out)) throw new BackupError(`${out} exists already; choose a new name (a backup never overwrites one).`);
  withFolderLocked(source, () => {
    mkdirSync(out, { recursive: true });
    cpSync(resolve(source, "pglite"), resolve(out, "pglite"), { recursive: true });
    const secret = resolve(source, "session-secret");
    if (existsSync(secret)) cpSync(secret, resolve(out, "session-secret"));
  });
  return `Backed up ${source} to the folder ${out} (restore it with npm run restore -- ${file}).`;
}

/** pg_restore fills a database; it does not make one (issue 37: a restore into a new name failed in pg_restore's words). */
function requireDatabase(url: string): void {
  const probe = spawnSync("psql", [`--dbname=${url}`, "--no-psqlrc", "-Atc", "select 1"], { encoding: "utf8" });
  const missing = /database "([^"]+)" does not exist/.exec(probe.stderr ?? "");
  if (missing) throw new BackupError(`The database ${missing[1]} does not exist. Create it first (createdb ${missing[1]}, or CREATE DATABASE ${missing[1]}), then restore into it.`);
}

export function restore(target: BackupTarget, file: string): string {
  if (!file) throw new BackupError("Say which backup to restore: npm run restore -- <file>");
  const from = resolve(file);
  if (!existsSync(from)) throw new BackupError(`${from} does not exist.`);
  if (target.databaseUrl) {
    if (!statSync(from).isFile()) throw new BackupError(`${from} is a folder: that is a PGlite backup; unset DATABASE_URL and set DATA_DIR to restore it.`);
    // --clean --if-exists: the database may be the one backed up (a rollback) or an empty one; one transaction: all or nothing.
    requireDatabase(target.databaseUrl);
    run(tool("pg_restore"), ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${target.databaseUrl}`, from]);
    return `Restored ${from} into the PostgreSQL database. Start the shop: migrations newer than the backup run at start.`;
  }
  if (!existsSync(resolve(from, "pglite"))) throw new BackupError(`${from} is not a PGlite backup (no pglite folder in it).`);
  const dest = resolve(target.dataDir);
  mkdirSync(dest, { recursive: true });
  withFolderLocked(dest, () => {
    rmSync(resolve(dest, "pglite"), { recursive: true, force: true });
    cpSync(resolve(from, "pglite"), resolve(dest, "pglite"), { recursive: true });
    if (existsSync(resolve(from, "session-secret"))) cpSync(resolve(from, "session-secret"), resolve(dest, "session-secret"));
  });
  return `Restored ${from} into ${dest}. Start the shop.`;
}

/** Holds the data folder's lock for the copy: a running shop makes it refuse, and no shop can start meanwhile. */
function withFolderLocked(dir: string, fn: () => void): void {
  let lock;
  try {
    lock = lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(`${error.message} A PGlite backup or restore needs the shop stopped.`);
    throw error;
  }
  try {
    fn();
  } finally {
    lock.release();
  }
}
