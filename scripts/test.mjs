// `npm test`: every test, in order of speed. Type check, dependency rule and unit tests, server tests on
// PGlite (and on PostgreSQL when one answers at 127.0.0.1:5432), then a production build and the
// end-to-end tests in Debian's Chromium. Ends with one "N passed, N failed" line.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import net from "node:net";

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const only = process.argv[2]; // optional: "unit" or "e2e"

function run(title, command, env = {}) {
  console.log(`\n== ${title}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function postgresAnswers() {
  const { hostname, port } = new URL(POSTGRES_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  console.log(`Chromium not found at ${CHROMIUM}; installing Debian's package...`);
  try {
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } catch {
    console.error("Could not install Chromium. Install it with: apt-get install -y chromium");
  }
  return existsSync(CHROMIUM);
}

function counts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

mkdirSync("test-results", { recursive: true });
let ok = true;
const totals = { passed: 0, failed: 0 };

if (only !== "e2e") {
  ok = run("types", "npx react-router typegen && npx tsc --noEmit") && ok;
  const env = (await postgresAnswers()) ? { TEST_POSTGRES_URL: POSTGRES_URL } : {};
  if (!env.TEST_POSTGRES_URL) console.log("PostgreSQL does not answer: server tests run on PGlite only.");
  ok = run("unit and server tests", "npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json", env) && ok;
  const v = counts("test-results/vitest.json", (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
  totals.passed += v.passed;
  totals.failed += v.failed;
}

if (only !== "unit") {
  if (!ensureChromium()) {
    ok = false;
    totals.failed += 1;
  } else {
    ok = run("build", "npm run build --silent") && ok;
    ok = run("end-to-end tests", "npx playwright test") && ok;
    const e = counts("test-results/e2e.json", (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }));
    totals.passed += e.passed;
    totals.failed += e.failed;
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
