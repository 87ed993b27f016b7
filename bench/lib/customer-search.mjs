// Step "customers": the console's customer search (issue 36, ADR 0073) on 100,000 customers made with generate_series,
// on PostgreSQL and PGlite, through the module's own searchCustomers (server/testing/customer-search-bench.ts).
// Goal: p95 under 100 ms for "lindq"-style substrings. Also reports whether PostgreSQL's plan uses the trigram index.
import { spawn } from "node:child_process";

function runHarness(root, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/testing/customer-search-bench.ts", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d.toString()));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{") && l.includes('"queries"'));
      if (!line) return reject(new Error(`customer search benchmark failed (exit ${code}): ${out.slice(-1000)}`));
      resolve(JSON.parse(line));
    });
  });
}

export const CUSTOMER_SEARCH_TARGET_MS = 100;

export async function measureCustomerSearch(root, { postgres, customers = 100000, pgliteCustomers = 100000, runs = 50 } = {}) {
  const env = postgres ? { BENCH_POSTGRES_URL: postgres } : {};
  const result = {};
  result.postgres = await runHarness(root, ["--driver", "postgres", "--customers", String(customers), "--runs", String(runs)], env).catch((error) => ({ error: error.message }));
  result.pglite = await runHarness(root, ["--driver", "pglite", "--customers", String(pgliteCustomers), "--runs", String(runs)], env).catch((error) => ({ error: error.message }));
  return result;
}

/** One row per database and query: matches on the first page, p50, p95 and max in ms. */
export function customerSearchRows(result) {
  const rows = [];
  for (const [name, r] of [
    ["PostgreSQL", result.postgres],
    ["PGlite", result.pglite],
  ]) {
    if (!r || r.error) {
      rows.push([name, "failed", (r?.error ?? "").slice(0, 60), "", "", ""]);
      continue;
    }
    for (const q of r.queries) rows.push([name, `${q.label}: "${q.q}"`, String(q.matches), q.p50.toFixed(1), q.p95.toFixed(1), q.max.toFixed(1)]);
  }
  return rows;
}

export const CUSTOMER_SEARCH_HEADER = ["database", "query", "first page", "p50 ms", "p95 ms", "max ms"];
