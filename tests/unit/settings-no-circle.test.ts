import { join, resolve } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Settings are parsed in server/env.ts only (issue 38): nothing it imports may import it back. RATE_LIMITS was once
 * parsed inside server/modules/rate-limit, which reaches server/shop.ts, which imports env.ts: a circle across floors.
 */
describe("server/env.ts stands on its own", () => {
  it("no module env.ts reaches imports env.ts again", async () => {
    const options = await extractDepcruiseOptions(join(ROOT, ".dependency-cruiser.cjs"));
    const { output } = await cruise(["server/env.ts"], { ...options, baseDir: ROOT, outputType: "json" });
    const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
    const reached = result.modules.map((m) => m.source).filter((s) => !s.includes("node_modules") && !s.startsWith("node:"));
    // Not vacuous: env.ts and what it parses with were cruised.
    expect(reached).toContain("server/env.ts");
    expect(reached).toContain("domain/rate-limits.ts");
    const back = result.modules.filter((m) => m.source !== "server/env.ts" && m.dependencies.some((d) => d.resolved === "server/env.ts"));
    expect(back.map((m) => m.source)).toEqual([]);
    expect(reached).not.toContain("server/shop.ts");
  }, 60_000);
});
