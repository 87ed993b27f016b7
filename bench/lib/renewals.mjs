// Step "renewals": renewals per second. N subscriptions due at once, drained by worker processes through the same
// harness as the crash test (server/testing/renewal-crash), without kills: two workers on PostgreSQL, one on PGlite.
// Each worker is the renew-due job's code (claim with SKIP LOCKED, charge the sandbox, write order and ledger).
import { spawn } from "node:child_process";

function runHarness(root, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/testing/renewal-crash/cli.ts", ...args], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d.toString()));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{") && l.includes("renewalsPerSecond"));
      if (!line) return reject(new Error(`renewal benchmark failed (exit ${code}): ${out.slice(-1000)}`));
      resolve(JSON.parse(line));
    });
  });
}

export async function measureRenewals(root, { postgres, subscriptions = 2000, pgliteSubscriptions = 500, concurrency = 8 } = {}) {
  const result = {};
  result.postgres = await runHarness(root, ["--driver", "postgres", "--subscriptions", String(subscriptions), "--workers", "2", "--kills", "0", "--concurrency", String(concurrency)]).catch(
    (error) => ({ error: error.message }),
  );
  result.pglite = await runHarness(root, ["--driver", "pglite", "--subscriptions", String(pgliteSubscriptions), "--workers", "1", "--kills", "0", "--concurrency", String(concurrency)]).catch(
    (error) => ({ error: error.message }),
  );
  void postgres;
  return result;
}
