// `npm run console:owner -- owner@example.com`: prints a one-time setup link for a console owner
// (docs/decisions/0023-staff-access.md). Builds first when the build is missing. With PGlite, stop the shop first:
// one process at a time holds the data folder.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run console:owner -- owner@example.com");
  process.exit(2);
}
if (!existsSync("build/node/index.js")) execSync("npm run build --silent", { stdio: "inherit" });
const result = spawnSync(process.execPath, ["build/node/index.js", "console-owner", email], { stdio: "inherit", env: { ...process.env, JOBS: "off" } });
process.exit(result.status ?? 1);
