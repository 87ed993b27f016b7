import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { PGLITE_SETTINGS } from "./pglite-settings";

// Issue 39: the embedded database runs with settings sized for one connection, on a new data folder (its initdb in a
// child process) as in memory (the tests' template).
describe("PGlite's PostgreSQL settings", () => {
  const dir = mkdtempSync(join(tmpdir(), "pglite-settings-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const target of [{ dataDir: dir }, { memory: true as const }]) {
    it(`applies them (${"dataDir" in target ? "a new data folder" : "in memory"})`, async () => {
      const db = await openDatabase(target);
      try {
        for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
          const { rows } = await db.executeSql(`show ${name}`);
          expect(rows[0][name]).toBe(value);
        }
        expect(PGLITE_SETTINGS.shared_buffers).toBe("16MB");
      } finally {
        await db.close();
      }
    }, 120_000);
  }
});
