import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const FIXTURE = join(ROOT, "tests/unit/fixtures/dependency-rule");

async function cruiseIn(baseDir: string, dirs: string[], tweak: (o: ICruiseOptions) => ICruiseOptions = (o) => o): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(ROOT, ".dependency-cruiser.cjs"));
  // Paths are reported relative to baseDir, which is what the rules' patterns (^app/, ^domain/...) expect.
  const { output } = await cruise(dirs, tweak({ ...options, baseDir, validate: true, outputType: "json" }));
  return (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
}

/** "rule: from -> to", with packages named from their node_modules folder (the fixture reaches them through a symlink). */
const violationsOf = (result: ICruiseResult) =>
  result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*?(node_modules\/)/, "$1")}`).sort();

describe("dependency rule (.dependency-cruiser.cjs)", () => {
  it("app/, domain/ and server/ keep it: no violations", async () => {
    const result = await cruiseIn(ROOT, ["app", "domain", "server"]);
    expect(violationsOf(result)).toEqual([]);
    expect(result.summary.error).toBe(0);
    // Not vacuous: the cruise saw the three layers and the app's type-only look at the server.
    const sources = result.modules.map((m) => m.source);
    for (const layer of ["app/", "domain/", "server/"]) expect(sources.some((s) => s.startsWith(layer)), layer).toBe(true);
    expect(result.summary.totalCruised).toBeGreaterThan(50);
    const typeOnly = result.modules.flatMap((m) => m.dependencies.filter((d) => d.resolved.startsWith("server/") && m.source.startsWith("app/")));
    expect(typeOnly.length).toBeGreaterThan(0);
    for (const dep of typeOnly) expect(dep.dependencyTypes).toContain("type-only");
  }, 120_000);

  describe("bites on a project that breaks it", () => {
    let dir: string;
    let result: ICruiseResult;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "dependency-rule-"));
      cpSync(FIXTURE, dir, { recursive: true });
      for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
        if (file.endsWith(".txt")) renameSync(join(dir, file), join(dir, file.replace(/\.txt$/, ".ts")));
      }
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
      result = await cruiseIn(dir, ["app", "domain", "server"], (o) => {
        const { tsConfig: _drop, ...rest } = o;
        return rest;
      });
    }, 120_000);
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("finds exactly the planted violations", () => {
      expect(violationsOf(result)).toEqual(
        [
          "app-not-to-server: app/imports-server.ts -> server/db.ts",
          "zod-through-domain-zod: app/imports-zod.ts -> node_modules/zod/index.d.cts",
          "domain-is-pure: domain/imports-app.ts -> app/button.ts",
          "domain-is-pure: domain/imports-server.ts -> server/db.ts",
          "domain-no-node-builtins: domain/imports-node.ts -> crypto",
          "domain-no-node-builtins: domain/imports-node.ts -> fs",
          "domain-no-react: domain/imports-react.ts -> node_modules/react/index.js",
          "server-not-to-app: server/imports-app.ts -> app/button.ts",
          "module-entry-point-only: server/jobs/deep-import.ts -> server/modules/alpha/inner.ts",
          "module-to-module-entry-point-only: server/modules/beta/deep-into-alpha.ts -> server/modules/alpha/inner.ts",
          "workflows-not-to-http: server/workflows/imports-http.ts -> server/http/api/handler.ts",
        ].sort(),
      );
    });

    it("a type-only import from app into server is allowed", () => {
    const typesOnly = result.modules.find((m) => m.source === "app/types-only.ts");
      expect(typesOnly?.dependencies.map((d) => d.resolved)).toEqual(["server/db.ts"]);
      expect(typesOnly?.dependencies[0]?.dependencyTypes).toContain("type-only");
      expect(violationsOf(result).some((v) => v.includes("app/types-only.ts"))).toBe(false);
    });

    it("the allowed directions (app -> domain, server -> domain, domain -> domain) pass", () => {
      const violating = new Set(result.summary.violations.map((v) => v.from));
      for (const ok of ["app/button.ts", "server/db.ts", "domain/pure.ts", "domain/helper.ts"]) expect(violating.has(ok), ok).toBe(false);
    });

    it("inside server/, modules reached through their entry points and workflows calling modules pass", () => {
      const violating = new Set(result.summary.violations.map((v) => v.from));
      for (const ok of ["server/jobs/entry-import.ts", "server/workflows/uses-modules.ts", "server/modules/alpha/inner.ts", "server/modules/alpha/index.ts"]) {
        expect(violating.has(ok), ok).toBe(false);
      }
    });
  });
});
