import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Runs the built shop (build/node/index.js) as a real process, for tests about the process itself:
 * graceful shutdown, the data-folder lock, start-up errors. Needs `npm run build` first.
 */
export const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");
export const ENTRY = join(PROJECT_ROOT, "build/node/index.js");

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export function tempDataDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `shop-${label}-`));
}

/** A port nobody listens on right now (never 3100, the end-to-end server's). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Every shop this test worker started: killed when the worker exits, so a timed-out test leaves none listening. */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** `args`: the entry's mode and its arguments (["worker"] for a job worker). */
export async function startShop(options: { dataDir: string; port?: number; env?: Record<string, string>; args?: string[] }): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [ENTRY, ...(options.args ?? [])], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      ENABLE_TEST_HOOKS: "true",
      LOG_LEVEL: "warn",
      // These tests load one process from one address to test the process itself, not the limits;
      // rate-limit.spec.ts switches them on.
      RATE_LIMITS: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  child.once("exit", () => started.delete(child));
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | string>((done) => child.once("exit", (code, signal) => done(code ?? signal ?? "unknown")));
  return { child, port, url: `http://127.0.0.1:${port}`, dataDir: options.dataDir, output: () => output, exited };
}

/** Waits until /readyz answers 200, or fails with the process's output if it ends or takes too long. */
export async function waitReady(shop: ShopProcess, timeoutMs = 90_000): Promise<void> {
  let ended: number | string | null = null;
  void shop.exited.then((code) => (ended = code));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (ended !== null) throw new Error(`the shop exited (${ended}) before it was ready:\n${shop.output()}`);
    try {
      const res = await fetch(`${shop.url}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shop was not ready within ${timeoutMs} ms:\n${shop.output()}`);
}

export async function stopShop(shop: ShopProcess, signal: NodeJS.Signals = "SIGTERM", timeoutMs = 30_000): Promise<number | string> {
  if (shop.child.exitCode !== null || shop.child.signalCode !== null) return shop.exited;
  shop.child.kill(signal);
  const timer = setTimeout(() => shop.child.kill("SIGKILL"), timeoutMs);
  try {
    return await shop.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs the built entry to completion (for processes expected to refuse to start). */
export async function runToExit(options: { dataDir: string; port?: number; env?: Record<string, string> }, timeoutMs = 60_000) {
  const shop = await startShop(options);
  const timer = setTimeout(() => shop.child.kill("SIGKILL"), timeoutMs);
  const code = await shop.exited;
  clearTimeout(timer);
  return { code, output: shop.output() };
}
