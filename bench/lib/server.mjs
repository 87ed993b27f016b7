// Starts the built server (build/node/index.js) on 127.0.0.1 with PGlite in a temporary data folder (or PostgreSQL).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep } from "./util.mjs";

/**
 * Returns { origin, port, pid, stop(), output() }. The server runs as in production
 * (NODE_ENV=production, a random session secret), logs at warn, and keeps its default
 * single-process layout (jobs inline) because that is how a small shop runs. `entry` starts another server the same
 * way (the bench's floor server, bench/lib/floor-server.mjs). `nodeArgs` go to node before the entry (`--cpu-prof`).
 */
export async function startServer(root, port, { readyTimeoutMs = 180_000, extraEnv = {}, databaseUrl = null, entry = "build/node/index.js", nodeArgs = [], dataDir: keptDataDir = null } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), "shop-bench-"));
  // PGlite creates this folder but not its parent. A caller's own folder (`dataDir`) outlives the server: a restart on it.
  const dataDir = keptDataDir ?? join(tmp, "data");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ENABLE_TEST_HOOKS: "false",
    // Throughput figures measure the shop, not its limits (one loopback client is "one address"); the attack step
    // starts its own server with the limits on.
    RATE_LIMITS: "off",
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL; // the embedded PGlite unless a PostgreSQL run asks otherwise
  const child = spawn(process.execPath, [...nodeArgs, entry], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const keep = (chunk) => {
    log += chunk;
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 15_000);
      await exitPromise;
      clearTimeout(timer);
    }
    rmSync(tmp, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`The server exited during start (${JSON.stringify(exited)}):\n${log}`);
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > readyTimeoutMs) {
      await stop();
      throw new Error(`The server did not answer /readyz within ${readyTimeoutMs / 1000} s:\n${log}`);
    }
    await sleep(200);
  }
  return {
    origin,
    port,
    pid: child.pid,
    startSeconds: (Date.now() - started) / 1000,
    stop,
    output: () => log,
    exited: () => exited,
  };
}
