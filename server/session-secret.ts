import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const FILE = "session-secret";
/** Made once per test process: tests never share a secret with a running shop. */
let testSecret: string | null = null;

/**
 * The secret that signs sessions and the last-order cookie when SESSION_SECRET is unset (never in production, which
 * refuses to start without one). Development keeps a random secret in the data folder, made on first start, so sessions
 * survive restarts and nobody can forge a cookie by reading the code. Tests get a random one per process.
 */
export function fallbackSessionSecret(nodeEnv: "development" | "test", dataDir: string): string {
  if (nodeEnv === "test") return (testSecret ??= randomBytes(32).toString("base64url"));
  const path = join(resolve(dataDir), FILE);
  try {
    const kept = readFileSync(path, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
