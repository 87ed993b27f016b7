import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { testDriver } from "../testing/test-shop";
import { openDatabase } from "./client";
import { DataDirLockedError, lockDataDir } from "./lock";

/** A pid that certainly is not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe(`data folder lock (${testDriver()})`, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes a lock file naming this process and removes it on release", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    const file = join(dir, "shop.lock");
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it("creates a missing data folder, parents included", () => {
    const dir = join(tempDir(), "a", "b");
    lockDataDir(dir).release();
    expect(existsSync(dir)).toBe(true);
  });

  it("a lock held by a live process is refused with the clear 'in use by another shop process' message", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "shop.lock"), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The data folder ${dir} is in use by another shop process (pid ${process.ppid}).`);
  });

  it("a stale lock (its pid is not alive) is taken over", () => {
    const dir = tempDir();
    const pid = deadPid();
    writeFileSync(join(dir, "shop.lock"), JSON.stringify({ pid, startedAt: "2020-01-01T00:00:00Z" }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, "shop.lock"), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("a lock file naming this very pid but not held here (a restarted container reuses pids) is taken over", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "shop.lock"), JSON.stringify({ pid: process.pid, startedAt: "2020-01-01T00:00:00Z" }));
    lockDataDir(dir).release();
  });

  it("the same process cannot lock one folder twice", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(join(dir, "."))).toThrow(/is already open in this process/);
    } finally {
      lock.release();
    }
    lockDataDir(dir).release();
  });

  it.each([["not json"], ["{}"], ['{"pid":-5}'], ['{"pid":"abc"}'], [""]])("an unreadable lock file %j is treated as stale", (content) => {
    const dir = tempDir();
    writeFileSync(join(dir, "shop.lock"), content);
    lockDataDir(dir).release();
  });

  // Opens PGlite on disk twice (slow), so it runs once, in the pglite project.
  it.runIf(testDriver() === "pglite")("PGlite on a data folder holds the lock until closed; a second open is refused meanwhile", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, "shop.lock"))).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    expect((await second.executeSql("select 1 as ok", [])).rows[0]).toEqual({ ok: 1 });
    await second.close();
  });
});
