import { spawnSync } from "node:child_process";

/**
 * Prometheus's own checker (Debian's `prometheus` package; .ci/run installs it). Tests that lint metrics or test the
 * alert rules skip, saying so, where it is missing.
 */
export const PROMTOOL: string | null = (() => {
  const found = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
})();

export const PROMTOOL_MISSING = "promtool is not installed (Debian: apt-get install prometheus): skipped";

/** Runs promtool with `input` on its standard input; its exit status and everything it printed. */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  if (!PROMTOOL) throw new Error(PROMTOOL_MISSING);
  const run = spawnSync(PROMTOOL, args, { input, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
