// `npm start`: builds when the build is missing or older than the sources, then runs the built server
// (plain JavaScript, no TypeScript loader) in this process, so signals reach it directly.
// (The `prestart` script, scripts/ensure-install.mjs, has installed the dependencies when they were missing.)
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const ENTRY = "build/node/index.js";
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

const builtAt = existsSync(ENTRY) ? statSync(ENTRY).mtimeMs : 0;
const changed = SOURCES.find((s) => newestMtime(s) > builtAt);
if (changed) {
  const started = Date.now();
  console.log(builtAt ? `Building the shop (${changed} changed since the last build): npm run build ...` : "Building the shop: npm run build ...");
  execSync("npm run build", { stdio: "inherit" });
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s. Starting the shop (migrations and seed data apply on start) ...`);
}
await import(pathToFileURL(ENTRY).href);
