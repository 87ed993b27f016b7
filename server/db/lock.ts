import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { resolve } from "node:path";

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt it.
 * This lock file makes a second process refuse to start with a clear message.
 * A lock left by a process that no longer runs (a crash, kill -9) is taken over.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Folders this process holds: its own pid in a lock file cannot tell "mine, still open" from "mine, left by a crash". */
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, "shop.lock");
  if (heldHere.has(file)) {
    throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process (pid ${process.pid}).`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      heldHere.add(file);
      return {
        release: () => {
          heldHere.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another shop process (pid ${holder}). ` +
            `Stop it first, or set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function readHolder(file: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(file, "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
