// Runs after every `npm install` (package.json "postinstall").
//
// @react-router/dev 7.x starts its internal Vite servers (config loader, child compiler) with `envFile: false`,
// which Vite 8.1 deprecated in favour of `envDir: false` (same meaning: load no .env file). Every build then
// printed "The `envFile` option is deprecated, please use `envDir: false` instead." up to eight times.
// React Router fixed it in 8.0 (remix-run/react-router#15230) but not on the 7.x line this shop uses, so the
// same one-word change is applied here to the installed files. It does nothing once the files no longer say
// `envFile: false` (a React Router release with the fix), and nothing with a Vite older than 8.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

function version(pkg) {
  const file = join(root, "node_modules", pkg, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : null;
}

const vite = version("vite");
const reactRouterDev = version("@react-router/dev");
if (vite && reactRouterDev && Number(vite.split(".")[0]) >= 8) {
  const files = ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"].map((f) => join(root, "node_modules/@react-router/dev", f));
  let patched = 0;
  for (const file of files) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, "utf8");
    const fixed = source.replaceAll(/\benvFile: false\b/g, "envDir: false");
    if (fixed !== source) {
      writeFileSync(file, fixed);
      patched++;
    }
  }
  if (patched) console.log(`postinstall: @react-router/dev ${reactRouterDev} now passes envDir: false to Vite ${vite} instead of envFile: false (scripts/postinstall.mjs).`);
}
