// Runs `npm install` when node_modules is missing or older than package.json, so `npm start`
// and `npm test` work on a fresh clone. (Not `npm ci`: see ARCHITECTURE.md, pitfalls.)
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const marker = "node_modules/.package-lock.json";
const stale = !existsSync(marker) || statSync("package.json").mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log("Installing dependencies (npm install)...");
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
