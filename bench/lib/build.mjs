// Step 1: make sure the tree being measured has a build that is newer than its sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ENTRY = "build/node/index.js";
const OUTPUTS = [ENTRY, "build/server/index.js", "build/client/assets"];
const SOURCES = [
  "app", "domain", "server", "public", "content", "package.json", "package-lock.json",
  "vite.config.ts", "vite.server.config.ts", "react-router.config.ts",
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Why the build in `root` must be (re)made, or null when it is fresh. */
export function staleReason(root) {
  const missing = OUTPUTS.find((p) => !existsSync(join(root, p)));
  if (missing) return `${missing} is missing`;
  const builtAt = statSync(join(root, ENTRY)).mtimeMs;
  const newer = SOURCES.find((s) => newestMtime(join(root, s)) > builtAt);
  return newer ? `${newer} changed after the last build` : null;
}

/**
 * mode "auto": build when missing or stale; "always": build; "never": use what is there (fail if missing).
 * Returns { built, seconds, reason }.
 */
export function ensureBuild(root, mode = "auto") {
  const reason = mode === "always" ? "--build given" : staleReason(root);
  if (mode === "never") {
    const missing = OUTPUTS.find((p) => !existsSync(join(root, p)));
    if (missing) throw new Error(`--no-build given but ${missing} is missing; run npm run build first`);
    return { built: false, seconds: 0, reason: reason ? `not rebuilt although ${reason}` : "fresh" };
  }
  if (!reason) return { built: false, seconds: 0, reason: "fresh" };
  console.log(`Building (${reason}): npm run build ...`);
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 5 * 60_000,
  });
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`npm run build failed (status ${result.status ?? result.signal})`);
  }
  console.log(`Built in ${seconds.toFixed(1)} s.`);
  return { built: true, seconds, reason };
}

/** A fingerprint of the browser build (asset names), to notice a rebuild while measuring. */
export function buildFingerprint(root) {
  try {
    return readdirSync(join(root, "build/client/assets")).sort().join(",");
  } catch {
    return "";
  }
}
